import { describe, expect, it } from 'vitest';
import { createRequestLogger } from './request-log';
import { createReferenceServer } from './transport/node/reference-server';

describe('the request log', () => {
  it.each(['json', 'pretty'] as const)(
    'never prints a key or the admin token pasted into a path (%s)',
    async (format) => {
      const lines: string[] = [];
      const log = createRequestLogger(format, (line) => lines.push(line));
      const server = createReferenceServer({
        adminToken: 'refadm_log-test-token',
        ...(log === undefined ? {} : { onRequest: log }),
      });
      await server.ready;
      const key = 'refak_demo_eur_full';
      for (const path of [`/${key}`, `/services/${key}/power`, `/refak%5F${key.slice(6)}`]) {
        await server.fetch(`${server.baseUrl}${path}`, {
          headers: { authorization: `Bearer ${key}` },
        });
      }
      await server.fetch(`${server.baseUrl}/refadm_log-test-token`);
      const printed = lines.join('\n');
      expect(lines).toHaveLength(4);
      expect(printed).not.toContain('demo_eur_full');
      expect(printed).not.toContain('log-test-token');
      expect(printed).toContain('/services/refak_[redacted]/power');
    },
  );
});
