import type { ShieldEvidence } from '@refapi/schema';
import { DomainError } from '../domain/errors';
import { type EvidenceSource, evidencePage } from '../domain/shield/evidence';
import { decodeEvidenceCursor, encodeEvidenceCursor } from '../domain/shield/evidence-cursor';
import { infrastructureRuleId } from '../domain/shield/infrastructure-rule';
import { activeSince, isVisible } from '../domain/shield/lifecycle';
import { type ShieldAccess, shieldAccess } from './shield-access';
import { cursorSecret } from './shield-live';
import type { OperationImpls } from './types';

// The rule's evidence facts, only for a rule the service owns and still lists.
function evidenceSource({ module, target, now }: ShieldAccess, ruleId: string): EvidenceSource {
  if (ruleId === infrastructureRuleId(target.service_ref)) {
    return {
      id: ruleId,
      protected_ip: target.protected_ip,
      action: 'drop',
      protocol: 'udp',
      active_since: module.infrastructureSince.getTime(),
    };
  }
  const rule = module.state.rules.find(
    (candidate) =>
      candidate.id === ruleId &&
      candidate.service_ref === target.service_ref &&
      isVisible(candidate, now),
  );
  if (rule === undefined) throw new DomainError(404, 'shield_rule_not_found');
  return {
    id: rule.id,
    protected_ip: rule.protected_ip,
    action: rule.action,
    protocol: rule.protocol,
    destination_port: rule.destination_port,
    active_since: activeSince(rule, now),
  };
}

/** Shield evidence: sanitized samples of one rule, paged by an opaque signed cursor. */
export const shieldEvidenceOperations = {
  getShieldRuleEvidence(call, ctx) {
    const access = shieldAccess(call, ctx, { activeService: true });
    const ruleId = call.params.rule_id;
    const source = evidenceSource(access, ruleId);
    const secret = cursorSecret(ctx);
    let after: number | undefined;
    if (call.query.cursor !== undefined) {
      const decoded = decodeEvidenceCursor(call.query.cursor, ruleId, secret);
      if (decoded === null) throw new DomainError(400, 'invalid_query: cursor');
      after = decoded;
    }
    const page = evidencePage(source, {
      now: access.now,
      limit: call.query.limit,
      action: call.query.action,
      after,
    });
    const body: ShieldEvidence = {
      rule_id: ruleId,
      items: page.items,
      ...(page.continueAfter !== null
        ? { next_cursor: encodeEvidenceCursor(ruleId, page.continueAfter, secret) }
        : {}),
    };
    return { status: 200, body };
  },
} satisfies Partial<OperationImpls>;
