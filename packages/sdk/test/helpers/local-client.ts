import { RefClient } from '../../src/client';
import type { TestServer } from './http-server';

/** The API key clients of the local test servers send (tests check it never leaks). */
export const TEST_KEY = 'refak_supersecret';

/** A client of a local test server, with `extra` options on top. */
export const clientFor = (
  server: TestServer,
  extra: ConstructorParameters<typeof RefClient>[0] = {},
) => new RefClient({ apiKey: TEST_KEY, baseUrl: server.url, ...extra });

/** Resolves after `ms` milliseconds. */
export const delayed = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
