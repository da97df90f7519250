import {
  CLIENT_CAPABILITIES_META_KEY,
  type InputRequiredResult,
  inputRequired,
  inputResponse,
  type ServerContext,
} from '@modelcontextprotocol/server';
import type { PlanConfirmation } from './planned-order';

// Before a plan that moves money is applied, the person confirms its total, through the
// 2026-07-28 protocol's input-required round trip: the tool call answers with an embedded
// elicitation, the client asks the person and calls again with the answer. A client that
// cannot ask (no elicitation capability, or a 2025-era connection) is not asked: the
// plan_id it names is the quote it was shown.

/** The key of the question in `inputRequests` and of its answer in `inputResponses`. */
const KEY = 'confirm_plan';

/** Whether this request's client can be asked, and what it answered if it was. */
export function confirmationOf(request: ServerContext): PlanConfirmation {
  const envelope = request.mcpReq.envelope as Record<string, unknown> | undefined;
  const capabilities = envelope?.[CLIENT_CAPABILITIES_META_KEY] as
    | { readonly elicitation?: unknown }
    | undefined;
  if (capabilities?.elicitation === undefined) return 'not_asked';
  const answer = inputResponse(request.mcpReq.inputResponses, KEY);
  if (answer.kind !== 'elicit') return 'ask';
  return answer.action === 'accept' && answer.content?.confirm === true ? 'confirmed' : 'declined';
}

/** The input-required answer that asks the person `question` (a yes/no form). */
export function confirmationRequest(question: string): InputRequiredResult {
  return inputRequired({
    inputRequests: {
      [KEY]: inputRequired.elicit({
        mode: 'form',
        message: question,
        requestedSchema: {
          type: 'object',
          properties: {
            confirm: { type: 'boolean', title: 'Buy it', description: question },
          },
          required: ['confirm'],
        },
      }),
    },
  });
}
