import { describe, expect, it } from 'vitest';
import { documentedErrorStatuses, operationList, operations } from './contract';
import {
  ERROR_CODE_MEANINGS,
  ERROR_CODES,
  ERROR_STATUS_MEANINGS,
  errorMeaning,
} from './error-meanings';
import { buildOpenApiDocument } from './openapi';

describe('errorMeaning', () => {
  it('prefers the meaning of a listed code, read before the colon', () => {
    expect(errorMeaning(409, 'idempotency_key_in_use')).toBe(
      ERROR_CODE_MEANINGS[409].idempotency_key_in_use,
    );
    expect(errorMeaning(400, 'invalid_body: addons[3].units')).toBe(
      ERROR_CODE_MEANINGS[400].invalid_body,
    );
  });

  it('falls back to the status for an unlisted code or one sent with another status', () => {
    expect(errorMeaning(422, 'insufficient_balance')).toBe(ERROR_STATUS_MEANINGS[422]);
    expect(errorMeaning(503, 'not_found')).toBe(ERROR_STATUS_MEANINGS[503]);
    expect(errorMeaning(404)).toBe(ERROR_STATUS_MEANINGS[404]);
  });

  it('knows nothing of a status the API does not use, nor of inherited names', () => {
    expect(errorMeaning(418)).toBeUndefined();
    expect(errorMeaning(500, 'internal_error')).toBeUndefined();
    expect(errorMeaning(400, 'constructor')).toBe(ERROR_STATUS_MEANINGS[400]);
  });
});

describe('ERROR_CODES', () => {
  it('gives each code one status; the codes that mean more than it are ERROR_CODE_MEANINGS', () => {
    for (const [code, entry] of Object.entries(ERROR_CODES)) {
      const meaning = 'meaning' in entry ? entry.meaning : undefined;
      const listed = (ERROR_CODE_MEANINGS as Record<number, Record<string, string>>)[entry.status];
      expect(listed?.[code], code).toBe(meaning);
      expect(errorMeaning(entry.status, code), code).toBe(
        meaning ?? (ERROR_STATUS_MEANINGS as Record<number, string>)[entry.status],
      );
    }
  });
});

describe('the statuses the reference server can answer', () => {
  it('include 503 state_unavailable on every write and 400 on every body', () => {
    for (const op of operationList) {
      const statuses = documentedErrorStatuses(op);
      if (op.access === 'write') expect(statuses, op.operationId).toContain(503);
      if (op.body) expect(statuses, op.operationId).toContain(400);
    }
    expect(documentedErrorStatuses(operations.createOrder)).toContain(503);
  });

  it('are described in the OpenAPI document by the one table', () => {
    const doc = buildOpenApiDocument() as unknown as {
      paths: Record<string, Record<string, { responses: Record<string, { description: string }> }>>;
    };
    const order = doc.paths['/orders']?.post?.responses;
    expect(order?.['503']?.description).toBe(ERROR_STATUS_MEANINGS[503]);
    expect(order?.['400']?.description).toContain('invalid_content_type');
  });
});
