import { DateTime } from '@refapi/schema';
import { z } from 'zod';
import type { Admin } from '../control-plane';
import { bearerToken, secretsEqual } from '../domain/auth';
import { DomainError } from '../domain/errors';
import { type ApiRequest, type ApiResponse, errorResponse, jsonResponse } from './api-request';
import { hasBodyText, isJsonContentType } from './content-type';
import { parseInput } from './input-validation';

const ClockBody = z.strictObject({
  advance_seconds: z
    .number()
    .min(0)
    .max(10 * 365 * 24 * 3600)
    .optional(),
  now: DateTime.optional(),
  frozen: z.boolean().optional(),
});
const ShieldBody = z.strictObject({
  paused: z.boolean(),
  retry_after: z.int().min(0).max(86_400).optional(),
});
const FaultsBody = z.strictObject({
  power: z.enum(['ok', 'reject', 'fail', 'uncertain']).optional(),
  shield: z.enum(['ok', 'fail']).optional(),
  latency_ms: z.int().min(0).max(60_000).optional(),
});

type AdminRoute = (admin: Admin, body: unknown) => Promise<ApiResponse> | ApiResponse;

const routes: Record<string, Record<string, AdminRoute>> = {
  '/__admin/scenario': {
    POST: async (admin, body) => jsonResponse(200, await admin.loadScenario(body)),
  },
  '/__admin/reset': {
    POST: async (admin) => {
      await admin.reset();
      return { status: 204, headers: {}, body: '' };
    },
  },
  '/__admin/state': { GET: (admin) => jsonResponse(200, admin.state()) },
  '/__admin/clock': {
    POST: (admin, raw) => {
      const body = parseInput(ClockBody, raw, 'body');
      if (body.now !== undefined) admin.clock.set(body.now);
      if (body.advance_seconds !== undefined) admin.clock.advance(body.advance_seconds);
      const state = body.frozen === undefined ? admin.clock.now() : admin.clock.freeze(body.frozen);
      return jsonResponse(200, state);
    },
  },
  '/__admin/shield': {
    POST: (admin, raw) => {
      const body = parseInput(ShieldBody, raw, 'body');
      if (body.paused) admin.shield.pause(body.retry_after);
      else admin.shield.unpause();
      return jsonResponse(200, { paused: body.paused });
    },
  },
  '/__admin/faults': {
    POST: (admin, raw) => {
      const body = parseInput(FaultsBody, raw, 'body');
      const faults = admin.faults.set({
        ...(body.power === undefined ? {} : { power: body.power }),
        ...(body.shield === undefined ? {} : { shield: body.shield }),
        ...(body.latency_ms === undefined ? {} : { latencyMs: body.latency_ms }),
      });
      return jsonResponse(200, {
        power: faults.power,
        shield: faults.shield,
        latency_ms: faults.latencyMs,
      });
    },
  },
  '/__admin/requests': { GET: (admin) => jsonResponse(200, { requests: admin.requests() }) },
};

/** Answers `/__admin/*` requests: admin token (constant-time) then the control-plane call. */
export function createAdminHandler(admin: Admin, adminToken: string) {
  return async function handleAdmin(request: ApiRequest): Promise<ApiResponse> {
    try {
      if (!secretsEqual(bearerToken(request.header('authorization')), adminToken)) {
        return errorResponse(401, 'invalid_admin_token');
      }
      const methods = routes[request.path];
      if (methods === undefined) return errorResponse(404, 'not_found');
      const route = methods[request.method];
      if (route === undefined) {
        return errorResponse(405, 'method_not_allowed', { allow: Object.keys(methods).join(', ') });
      }
      if (request.bodyTooLarge) return errorResponse(413, 'body_too_large');
      let body: unknown;
      if (hasBodyText(request.body)) {
        if (!isJsonContentType(request.header('content-type'))) {
          return errorResponse(400, 'invalid_content_type');
        }
        try {
          body = JSON.parse(request.body);
        } catch {
          return errorResponse(400, 'invalid_json');
        }
      }
      return await route(admin, body);
    } catch (error) {
      if (error instanceof DomainError) {
        return jsonResponse(error.status, error.toBody(), { ...error.headers });
      }
      throw error;
    }
  };
}
