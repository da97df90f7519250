// A server's text in an error message (an error code, a 409 status, a cursor): the SDK's
// errors and the tool errors refapi-mcp gives a model show it through one function, so what
// a hostile or broken server sends is shown on one short line wherever it is read.

/** Characters of a server's text (an error code, a 409 status) a message shows. */
const SHOWN_TEXT_CHARS = 200;

// C0, DEL and C1 controls, line and paragraph separators, bidi overrides and isolates.
const CONTROLS = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

/**
 * Text from the server as a message shows it (the error's own fields keep it as sent): its
 * controls escaped as `\uXXXX`, so a code holding a line break or a terminal escape cannot
 * forge a log line or recolour a terminal, and one past {@link SHOWN_TEXT_CHARS} (200) cut
 * there, its length said, so the line stays short. Text without controls of at most 200
 * characters (`invalid_body: addons[3].units`) is shown as it is.
 */
export const shownText = (text: string): string => {
  const escaped = text.replace(
    CONTROLS,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return escaped.length <= SHOWN_TEXT_CHARS
    ? escaped
    : `${escaped.slice(0, SHOWN_TEXT_CHARS)}… (${text.length} characters)`;
};
