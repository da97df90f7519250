// `@refapi/schema/common`: what every group builds on: references, money, dates, the
// error bodies, page limits and the `Idempotency-Key`.

export * from '../common';
export { FREE_TEXT_PATTERN, FreeText } from '../free-text';
export { IdempotencyKey, PageLimit } from '../params';
export * from '../refs';
