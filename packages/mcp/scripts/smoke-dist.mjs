// Build smoke test: the published entry points load through both module systems, and the
// HTTP endpoint built from them lists and calls tools against the in-process sandbox, on
// protocol 2026-07-28.
import { createRequire } from 'node:module';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

const require = createRequire(import.meta.url);
for (const [name, mod] of [
  ['require', require('../dist/index.cjs')],
  ['import', await import('../dist/index.js')],
]) {
  const api = await mod.startSandbox();
  const http = await mod.startHttpServer({
    port: 0,
    createServer: () => mod.createRefMcpServer({ client: api, tools: 'all' }),
  });
  const client = new Client(
    { name: 'smoke', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(http.url)));
  const { tools } = await client.listTools();
  const balance = await client.callTool({ name: 'balance_get', arguments: {} });
  await client.close();
  await http.close();
  if (tools.length !== 24 || balance.isError || balance.structuredContent?.currency !== 'EUR') {
    console.error(`dist smoke (${name}) failed:`, tools.length, JSON.stringify(balance));
    process.exit(1);
  }
  // The sandbox's sessions: a 2026-07-28 client (no session of its own) is in the shared
  // `default` session, on a space of its own; ids are only handed out, never invented.
  const sessions = await mod.openSandboxSessions();
  const spaced = await mod.startHttpServer({
    port: 0,
    sessions,
    createServer: (session) =>
      mod.createRefMcpServer({ client: session.client, shared: session.shared, mode: 'sandbox' }),
  });
  const inSession = new Client(
    { name: 'smoke', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await inSession.connect(new StreamableHTTPClientTransport(new URL(spaced.url)));
  const own = await inSession.callTool({ name: 'balance_get', arguments: {} });
  const session = await sessions.open('default');
  await inSession.close();
  await spaced.close();
  await sessions.close();
  if (own.isError || !/^sp_/.test(session.spaceId)) {
    console.error(`dist smoke (${name}) of sandbox sessions failed:`, JSON.stringify(own));
    process.exit(1);
  }
}
console.log(
  'dist smoke: require() and import() both serve 24 tools on 2026-07-28, and sandbox sessions',
);
