import { describe, expect, it } from 'vitest';
import { createReferenceServer, type ReferenceServer } from '../transport/node/reference-server';
import type { SignInCodeIssued } from '../wire/admin-wire';
import {
  AdminSessions,
  expiredSessionCookies,
  MAX_SESSIONS,
  redeemSignInCode,
  SIGN_IN_CODE_HEADER,
  sessionCookies,
  sessionIdFrom,
} from './admin-session';

describe('AdminSessions', () => {
  it('knows the sessions it opened until they end', () => {
    const sessions = new AdminSessions();
    const id = sessions.create();
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(sessions.has(id)).toBe(true);
    expect(sessions.has(`${id}x`)).toBe(false);
    expect(sessions.has(undefined)).toBe(false);
    sessions.delete(id);
    expect(sessions.has(id)).toBe(false);
  });

  it('drops the oldest session beyond the cap', () => {
    const sessions = new AdminSessions();
    const first = sessions.create();
    const rest = Array.from({ length: MAX_SESSIONS }, () => sessions.create());
    expect(sessions.has(first)).toBe(false);
    expect(rest.every((id) => sessions.has(id))).toBe(true);
  });
});

describe('session cookies', () => {
  it('reads the session id among other cookies', () => {
    expect(sessionIdFrom('a=1; refapi_admin=abc ; b=2')).toBe('abc');
    expect(sessionIdFrom('refapi_admin=')).toBeUndefined();
    expect(sessionIdFrom('xrefapi_admin=abc')).toBeUndefined();
    expect(sessionIdFrom(undefined)).toBeUndefined();
  });

  it('sets and expires one HttpOnly SameSite=Strict cookie per path', () => {
    expect(sessionCookies('abc')).toEqual([
      'refapi_admin=abc; HttpOnly; SameSite=Strict; Path=/__admin',
      'refapi_admin=abc; HttpOnly; SameSite=Strict; Path=/__console',
      'refapi_admin=abc; HttpOnly; SameSite=Strict; Path=/spaces',
    ]);
    expect(expiredSessionCookies()).toEqual([
      'refapi_admin=; HttpOnly; SameSite=Strict; Path=/__admin; Max-Age=0',
      'refapi_admin=; HttpOnly; SameSite=Strict; Path=/__console; Max-Age=0',
      'refapi_admin=; HttpOnly; SameSite=Strict; Path=/spaces; Max-Age=0',
    ]);
  });
});

describe('sign-in codes over the admin API', () => {
  const TOKEN = 'refadm_sign_in_code_test';
  const ORIGIN = 'http://127.0.0.1:4010';

  async function issue(headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) {
    const server = createReferenceServer({ adminToken: TOKEN });
    const response = await server.fetch(`${ORIGIN}/__admin/session/codes`, {
      method: 'POST',
      headers,
    });
    return { server, response };
  }
  const redeem = (server: ReferenceServer, code: string) =>
    server.fetch(`${ORIGIN}/__admin/session`, {
      method: 'POST',
      headers: { [SIGN_IN_CODE_HEADER]: code },
    });

  it('issues a code with the token; the code opens one session, once', async () => {
    const { server, response } = await issue();
    expect(response.status).toBe(201);
    const issued = (await response.json()) as SignInCodeIssued;
    expect(issued.code).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(Date.parse(issued.expires_at) - Date.now()).toBeGreaterThan(9 * 60_000);

    const first = await redeem(server, issued.code);
    expect(first.status).toBe(204);
    const cookie = first.headers.getSetCookie()[0]!.split(';')[0]!;
    const whoami = await server.fetch(`${ORIGIN}/__admin/whoami`, { headers: { cookie } });
    expect(whoami.status).toBe(200);

    const again = await redeem(server, issued.code);
    expect([again.status, await again.json()]).toEqual([
      401,
      { error: 'invalid_admin_token: sign-in code used' },
    ]);
    const unknown = await redeem(server, 'not-a-code');
    expect(await unknown.json()).toEqual({ error: 'invalid_admin_token: sign-in code unknown' });
  });

  it('issues codes to the admin token only, not to a session cookie or a wrong token', async () => {
    const { server, response } = await issue({ authorization: 'Bearer refadm_wrong' });
    expect(response.status).toBe(401);
    const { code } = (await (await issue()).response.json()) as SignInCodeIssued;
    expect(code).toBeTruthy();
    const noCredential = await server.fetch(`${ORIGIN}/__admin/session/codes`, { method: 'POST' });
    expect(noCredential.status).toBe(401);
  });

  it('answers an expired code with 401 "expired"', () => {
    const clock = { now: 0 };
    const sessions = new AdminSessions({ now: () => clock.now });
    const { code } = sessions.codes.issue();
    clock.now += 10 * 60_000;
    const answer = redeemSignInCode(sessions, code);
    expect([answer.status, JSON.parse(answer.body)]).toEqual([
      401,
      { error: 'invalid_admin_token: sign-in code expired' },
    ]);
    expect(answer.cookies).toBeUndefined();
  });
});
