import type {
  ShieldCapabilities,
  ShieldEvidence,
  ShieldEvidenceItem,
  ShieldOverview,
  ShieldTelemetry,
} from '@refapi/schema';
import type { ApiPromise } from '../api-promise';
import type { Core } from '../internal/core';
import type { PathParamsOf, QueryOf } from '../internal/operation-types';
import type { RequestOptions } from '../options';
import type { ListOptions, PagePromise } from '../pagination/page-promise';
import type { ApiResult } from '../result-meta';
import { ServiceResource } from './resource';
import { ShieldPresetsResource } from './shield-presets';
import { ShieldProfilesResource } from './shield-profiles';
import { ShieldRulesResource } from './shield-rules';

/** Export query with `format: 'csv'`. */
export type CsvExportQuery = QueryOf<'exportShieldTelemetry'> & { format: 'csv' };
/** Export query with `format: 'json'`. */
export type JsonExportQuery = QueryOf<'exportShieldTelemetry'> & { format: 'json' };

/** Shield of one directly owned KVM service: `client.shield(serviceRef)`. */
export class ShieldResource extends ServiceResource {
  /** Custom, preset and profile rules. */
  readonly rules: ShieldRulesResource;
  /** Preset rules. */
  readonly presets: ShieldPresetsResource;
  /** The protection profile. */
  readonly profiles: ShieldProfilesResource;

  constructor(core: Core, serviceRef: string) {
    super(core, serviceRef);
    this.rules = new ShieldRulesResource(core, serviceRef);
    this.profiles = new ShieldProfilesResource(core, serviceRef);
    this.presets = new ShieldPresetsResource(core, serviceRef);
  }

  /** Reads entitlement, rules, presets, profiles and the selected profile. */
  overview(options?: RequestOptions): ApiPromise<ApiResult<ShieldOverview>> {
    return this.core.call('getShieldOverview', { path: this.#path(), options });
  }

  /** Reads the entitlement and the versioned preset and profile descriptors. */
  capabilities(options?: RequestOptions): ApiPromise<ApiResult<ShieldCapabilities>> {
    return this.core.call('getShieldCapabilities', { path: this.#path(), options });
  }

  /** Aggregates the traffic of a window, grouped by `group_by` (default source_ip). */
  traffic(
    query: QueryOf<'getShieldTraffic'> = {},
    options?: RequestOptions,
  ): ApiPromise<ApiResult<ShieldTelemetry>> {
    return this.core.call('getShieldTraffic', { path: this.#path(), query, options });
  }

  /** Aggregates the normalized protection verdicts of a window. */
  protectionActivity(
    query: QueryOf<'getShieldProtectionActivity'> = {},
    options?: RequestOptions,
  ): ApiPromise<ApiResult<ShieldTelemetry>> {
    return this.core.call('getShieldProtectionActivity', { path: this.#path(), query, options });
  }

  /** Exports a dataset: formula-safe CSV text with `format: 'csv'`, telemetry with `json`. */
  export(query: CsvExportQuery, options?: RequestOptions): ApiPromise<string>;
  export(query: JsonExportQuery, options?: RequestOptions): ApiPromise<ApiResult<ShieldTelemetry>>;
  export(
    query: QueryOf<'exportShieldTelemetry'>,
    options: RequestOptions = {},
  ): ApiPromise<unknown> {
    const accept = query?.format === 'csv' ? 'text/csv' : 'application/json';
    return this.core.call('exportShieldTelemetry', {
      path: this.#path(),
      query,
      options: { ...options, headers: { accept, ...options?.headers } },
    });
  }

  /** Pages through sanitized evidence samples of a rule, with the opaque cursor. */
  evidence(
    ruleId: string,
    query: QueryOf<'getShieldRuleEvidence'> = {},
    options: RequestOptions & ListOptions = {},
  ): PagePromise<ShieldEvidenceItem> {
    return this.core.list(
      'getShieldRuleEvidence',
      {
        path: { service_ref: this.serviceRef, rule_id: ruleId },
        query,
        options,
        maxItems: options?.maxItems,
      },
      (body: ShieldEvidence) => ({
        items: body.items ?? [],
        hasMore: body.next_cursor !== undefined,
        nextCursor: body.next_cursor,
      }),
    );
  }

  #path(): PathParamsOf<'getShieldOverview'> {
    return { service_ref: this.serviceRef };
  }
}
