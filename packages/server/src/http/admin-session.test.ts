import { describe, expect, it } from 'vitest';
import {
  AdminSessions,
  expiredSessionCookies,
  MAX_SESSIONS,
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
    ]);
    expect(expiredSessionCookies()).toEqual([
      'refapi_admin=; HttpOnly; SameSite=Strict; Path=/__admin; Max-Age=0',
      'refapi_admin=; HttpOnly; SameSite=Strict; Path=/__console; Max-Age=0',
    ]);
  });
});
