import type { ShieldProfileMutation, ShieldProfileState } from '@refapi/schema';
import type { ApiPromise } from '../api-promise';
import { WaitForError } from '../errors/client-errors';
import type { PathParamsOf } from '../internal/operation-types';
import { pollUntil, requireWaitTarget, type WaitForOptions } from '../internal/poll';
import type { RequestOptions } from '../options';
import type { ApiResult } from '../result-meta';
import { ShieldBundleResource } from './shield-bundle';

/** A protection profile code: off, low, default or strict. */
export type ProfileCode = PathParamsOf<'applyShieldProfile'>['profile_code'];
/** The selected profile and its state. */
export type ProfileState = ShieldProfileState;
/** States `profiles.waitFor()` can wait for. */
export type ProfileWaitState = Exclude<ProfileState['state'], 'failed'>;

/**
 * The customer-managed protection profile of one service: `client.shield(ref).profiles`.
 * `apply(code)` replaces the profile bundle atomically (202); it then moves `applying` →
 * `active`.
 */
export class ShieldProfilesResource extends ShieldBundleResource<
  'applyShieldProfile',
  ProfileCode
> {
  protected readonly operationId = 'applyShieldProfile';

  /** Queues profile `code`, replacing the current bundle (202): `{ profile }`, now `applying`. */
  override apply(
    code: ProfileCode,
    options?: RequestOptions,
  ): ApiPromise<ApiResult<ShieldProfileMutation>> {
    return super.apply(code, options);
  }

  protected pathFor(code: ProfileCode): PathParamsOf<'applyShieldProfile'> {
    return { service_ref: this.serviceRef, profile_code: code };
  }

  /**
   * Polls the overview with backoff until profile `code` reaches `state`. `onPoll` sees each
   * observed state (`pending` while another profile is still the selected one).
   * @throws WaitForError when the bundle fails; WaitTimeoutError after `timeout`.
   */
  async waitFor(
    code: ProfileCode,
    options: WaitForOptions<ProfileWaitState>,
  ): Promise<ProfileState> {
    requireWaitTarget('profile code', code);
    const what = `profile ${code}`;
    return pollUntil<ProfileState>(
      what,
      async (signal) => {
        const { profile } = await this.core.call('getShieldOverview', {
          path: { service_ref: this.serviceRef },
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
