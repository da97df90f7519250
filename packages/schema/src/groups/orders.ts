// `@refapi/schema/orders`: the body and answer of `POST /orders` (buying one service).

export * from '../orders';
