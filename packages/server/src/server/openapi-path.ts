/**
 * Where the server serves its OpenAPI document: at the origin's root (beside `/__admin`, not
 * under the API's base path, which holds the contract's operations only), and in each space
 * at `/spaces/{id}/openapi.json`.
 */
export const OPENAPI_DOCUMENT_PATH = '/openapi.json';

/** Whether a path (a space's without `/spaces/{id}`) is the OpenAPI document's. */
export const isOpenApiDocumentPath = (path: string): boolean => path === OPENAPI_DOCUMENT_PATH;
