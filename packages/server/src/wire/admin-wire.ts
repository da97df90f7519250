// The admin API's answers as they go on the wire (`/__admin/*`), types only: admin user
// interfaces (the web console) import them from `@refapi/server/browser` instead of
// declaring the shapes a second time. Nothing here exists at run time.
import type { ShieldTelemetry } from '@refapi/schema';
import type { ShieldSnapshot } from '../domain/shield/snapshot';
import type { JournalItem, JournalMessage, RequestEntry } from '../request-journal';
import type { Scenario, ScenarioAccount, ScenarioService } from '../scenario/schema';
import type { SpaceInfo, SpaceRequest } from '../spaces/spaces';
import type { ClockEvent, NextEvent } from '../state/account-time';
import type { ClockMove, ClockState, ClockView, LoadedScenario } from '../state/control-plane';
import type { SnapshotInfo } from '../state/snapshots';

export type {
  ClockEvent,
  ClockMove,
  ClockState,
  ClockView,
  JournalMessage,
  LoadedScenario,
  NextEvent,
  RequestEntry,
  ShieldTelemetry,
  SnapshotInfo,
  SpaceInfo,
  SpaceRequest,
};

/** `GET /__admin/state`: the whole state as a scenario document. */
export type StateDocument = Scenario;
/** An account of the state document. */
export type StateAccount = ScenarioAccount;
/** A service of a state account. */
export type StateService = ScenarioService;
/** A Shield rule of the state document (`extensions.shield.rules`; times in epoch ms). */
export type ShieldRuleRecord = ShieldSnapshot['rules'][number];
/** A Shield profile of the state document (`extensions.shield.profiles`). */
export type ShieldProfileRecord = ShieldSnapshot['profiles'][number];

/** `GET /__admin/whoami`: the session or token is an admin's. */
export interface WhoAmI {
  readonly admin: true;
}

/** `POST /__admin/clock`: set `now`, then advance, then freeze or unfreeze. */
export interface ClockChange {
  readonly advance_seconds?: number;
  /** An ISO 8601 duration (`P1M`: one calendar month), instead of `advance_seconds`. */
  readonly advance?: string;
  /** ISO 8601 date-time. */
  readonly now?: string;
  readonly frozen?: boolean;
}

/** `GET /__admin/requests`. */
export interface RequestList {
  /** API requests and clock events, newest first. */
  readonly requests: JournalItem[];
}

/** One admin control as `GET /__admin/controls` describes it. */
export interface ControlDescription {
  /** E.g. `faults`. */
  readonly name: string;
  /** Its admin route: `GET` shows it, `POST` changes it. */
  readonly path: string;
  /** What it does, in a sentence or two (admin UIs show it under the control's title). */
  readonly description?: string;
  /** The `POST` body as JSON Schema. */
  readonly body: Record<string, unknown>;
  /** The current value (the `GET` answer). */
  readonly value: unknown;
}

/** `GET /__admin/controls`: every admin control with its body schema and value. */
export interface ControlsDocument {
  readonly controls: ControlDescription[];
}

/** `POST /__admin/session/codes`: a one-time code of the console's sign-in link. */
export interface SignInCodeIssued {
  /** Opens one console session, once: `/__console/?code=<code>`. */
  readonly code: string;
  /** ISO 8601, 10 minutes (real time) after it was issued. */
  readonly expires_at: string;
}

/** `GET /__admin/spaces` (root only). */
export interface SpaceList {
  readonly spaces: SpaceInfo[];
}

/** `GET /__admin/snapshots` (of the root or of a space). */
export interface SnapshotList {
  readonly snapshots: SnapshotInfo[];
}

/** A space as `POST /__admin/spaces` answers it: with the URLs to reach it. */
export interface CreatedSpace extends SpaceInfo {
  /** `<origin>/spaces/<space_id>/v1`. */
  readonly base_url: string;
  /** `<origin>/spaces/<space_id>/__admin`. */
  readonly admin_url: string;
}
