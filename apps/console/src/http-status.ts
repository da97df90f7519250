// How the console shows an HTTP status: the number, its reason phrase and a tone. The tone
// is colour plus the words, never colour alone; within 4xx, a refused credential (401/403),
// a missing thing (404/405) and a refused request (400, 409, 422…) look different.

/** The reason phrase of each status the reference server answers (RFC 9110 wording). */
const REASONS: Readonly<Record<number, string>> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  301: 'Moved Permanently',
  302: 'Found',
  304: 'Not Modified',
  307: 'Temporary Redirect',
  308: 'Permanent Redirect',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

const CLASS_NAMES: Readonly<Record<number, string>> = {
  1: 'Informational',
  2: 'Success',
  3: 'Redirect',
  4: 'Client Error',
  5: 'Server Error',
};

/** `Not Found` for 404; the class's name (`Client Error`) for a status without a phrase here. */
export function statusText(status: number): string {
  return REASONS[status] ?? CLASS_NAMES[Math.floor(status / 100)] ?? 'Unknown';
}

/** How a status is coloured: by class, and within 4xx by what went wrong. */
export type StatusTone =
  | 'success'
  | 'redirect'
  | 'denied'
  | 'missing'
  | 'refused'
  | 'limited'
  | 'failed'
  | 'other';

/** The tone of a status: 2xx success, 3xx redirect, 401/403 denied, 404/405 missing, 429 limited, other 4xx refused, 5xx failed. */
export function statusTone(status: number): StatusTone {
  if (status >= 200 && status < 300) return 'success';
  if (status >= 300 && status < 400) return 'redirect';
  if (status === 401 || status === 403) return 'denied';
  if (status === 404 || status === 405) return 'missing';
  if (status === 429) return 'limited';
  if (status >= 400 && status < 500) return 'refused';
  if (status >= 500 && status < 600) return 'failed';
  return 'other';
}

/** `404 Not Found`: what the journal shows for a status. */
export const statusLabel = (status: number): string => `${status} ${statusText(status)}`;
