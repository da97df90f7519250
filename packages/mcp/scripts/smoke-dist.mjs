// Build smoke test: the published entry points load through both module systems, and the
// server built from them lists and calls tools against the in-process sandbox.
import { createRequire } from 'node:module';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';

const require = createRequire(import.meta.url);
for (const [name, mod] of [
  ['require', require('../dist/index.cjs')],
  ['import', await import('../dist/index.js')],
]) {
  const server = mod.createRefMcpServer({ client: await mod.startSandbox(), tools: 'all' });
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'smoke', version: '1.0.0' });
  await client.connect(clientSide);
  const { tools } = await client.listTools();
  const balance = await client.callTool({ name: 'balance_get', arguments: {} });
  await client.close();
  if (tools.length !== 23 || balance.isError || balance.structuredContent?.currency !== 'EUR') {
    console.error(`dist smoke (${name}) failed:`, tools.length, JSON.stringify(balance));
    process.exit(1);
  }
}
console.log('dist smoke: require() and import() both serve 23 tools');
