/** A refused scenario, split for display: the JSON path of the first error and the reason. */
export interface ScenarioProblem {
  path: string | undefined;
  reason: string;
}

/**
 * Reads the server's `invalid_scenario: <path>: <reason>` error; other errors (invalid JSON,
 * too large…) have no path and are shown as they are.
 */
export function parseScenarioError(error: string): ScenarioProblem {
  const match = /^invalid_scenario: ([^:]+): (.*)$/s.exec(error);
  if (match) return { path: match[1]!, reason: match[2]! };
  return { path: undefined, reason: error };
}
