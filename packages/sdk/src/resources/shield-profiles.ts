import type { ApiPromise } from '../api-promise';
import { WaitForError } from '../errors/client-errors';
import type { Core } from '../internal/core';
import type { PathParamsOf, SuccessOf } from '../internal/operation-types';
import { pollUntil, type WaitForOptions } from '../internal/poll';
import type { RequestOptions } from '../options';
import type { ApiResult } from '../result-meta';

/** A protection profile code: off, low, default or strict. */
export type ProfileCode = PathParamsOf<'applyShieldProfile'>['profile_code'];
/** The selected profile and its state. */
export type ProfileState = SuccessOf<'applyShieldProfile'>['profile'];
/** States `profiles.waitFor()` can wait for. */
export type ProfileWaitState = Exclude<ProfileState['state'], 'failed'>;

/** The customer-managed protection profile of one service: `client.shield(ref).profiles`. */
export class ShieldProfilesResource {
  readonly #core: Core;
  readonly #serviceRef: string;
  constructor(core: Core, serviceRef: string) {
    this.#core = core;
    this.#serviceRef = serviceRef;
  }

  /** Replaces the profile bundle atomically (202); it then moves `applying` → `active`. */
  apply(
    code: ProfileCode,
    options?: RequestOptions,
  ): ApiPromise<ApiResult<SuccessOf<'applyShieldProfile'>>> {
    return this.#core.call('applyShieldProfile', {
      path: { service_ref: this.#serviceRef, profile_code: code },
      options,
    });
  }

  /**
   * Polls the overview with backoff until profile `code` reaches `state`. `onPoll` sees each
   * observed state (`pending` while another profile is still the selected one).
   * @throws WaitForError when the bundle fails; WaitTimeoutError after `timeout`.
   */
  waitFor(code: ProfileCode, options: WaitForOptions<ProfileWaitState>): Promise<ProfileState> {
    const what = `profile ${code}`;
    return pollUntil<ProfileState>(
      what,
      async (signal) => {
        const { profile } = await this.#core.call('getShieldOverview', {
          path: { service_ref: this.#serviceRef },
          options: { signal },
        });
        // Another profile still showing means ours has not been picked up yet: keep polling.
        if (profile.code !== code) return { state: 'pending', outcome: 'pending' };
        const { state } = profile;
        if (state === options.state) return { state, outcome: 'done', value: profile };
        if (state === 'failed') {
          return { state, outcome: 'failed', error: new WaitForError(what, options.state, state) };
        }
        return { state, outcome: 'pending' };
      },
      options,
    );
  }
}
