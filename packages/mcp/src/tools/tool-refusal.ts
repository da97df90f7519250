/** A call the MCP server refuses itself, before or instead of sending it. */
export class ToolRefusal extends Error {
  override readonly name = 'ToolRefusal';
  /** Machine-readable reason, e.g. `budget_exceeded`. */
  readonly code: string;
  /** What the model should do next. */
  readonly nextStep: string;
  /** Extra facts for the model (e.g. the remaining budget). */
  readonly details: Readonly<Record<string, unknown>>;

  constructor(
    code: string,
    message: string,
    nextStep: string,
    details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.code = code;
    this.nextStep = nextStep;
    this.details = details;
  }
}
