// Regenerates packages/schema/openapi.json from the contract table.
import { writeFileSync } from 'node:fs';
import { buildOpenApiDocument } from '../src/index.ts';

const target = new URL('../openapi.json', import.meta.url);
writeFileSync(target, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
console.log(`wrote ${target.pathname}`);
