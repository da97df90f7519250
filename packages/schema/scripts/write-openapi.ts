// Regenerates packages/schema/openapi.json from the contract table, and
// request-plan.schema.json (the plan document's JSON Schema) from its zod schema.
import { writeFileSync } from 'node:fs';
import { buildOpenApiDocument, requestPlanJsonSchema } from '../src/index.ts';

for (const [file, document] of [
  ['openapi.json', buildOpenApiDocument()],
  ['request-plan.schema.json', requestPlanJsonSchema()],
] as const) {
  const target = new URL(`../${file}`, import.meta.url);
  writeFileSync(target, `${JSON.stringify(document, null, 2)}\n`);
  console.log(`wrote ${target.pathname}`);
}
