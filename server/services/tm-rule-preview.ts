import { compileRuleSet } from '../../core/transaction-monitoring/engine';
import type { DecisionChange, PreviewAnswer, RulePreview } from '../../core/transaction-monitoring/preview.types';
import type { Decision, TmRuleSetBody } from '../../core/transaction-monitoring/tm.types';
import type { AuthContext } from '../auth/authenticate';
import { organizationOf } from '../auth/memberships';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import type { TmTransactionRecord } from './tm-records';
import { ruleSetIdOf, TM_RULES_KIND } from './tm-rule-sets';
import type { TmScoringService } from './tm-scoring.service';

const DAY = 24 * 60 * 60_000;
/** Changed transactions named one by one in the answer; the counts cover them all. */
const SHOWN_CHANGES = 50;

export interface PreviewOptions {
  /** How far back by ctx.clock (default 7 days). */
  days: number;
  /** At most this many of the newest transactions (default 500). */
  limit: number;
}

/**
 * The rules screen's preview: a draft rule set (not stored) run by the engine over the caller's
 * organisation's recent transactions — the ones a user may see, after the visibility delay — each
 * with the figures as they stood when it was scored (TmScoringService.rescore), and compared with
 * the decision it got. Same compile and score as ingest: no second engine.
 */
export async function previewRuleSet(
  ctx: AppContext,
  scoring: TmScoringService,
  delayMs: number,
  auth: AuthContext,
  body: TmRuleSetBody,
  options: PreviewOptions,
): Promise<PreviewAnswer> {
  const organizationId = organizationOf(auth);
  if (!organizationId) throw new AppError(403, 'notAMember');
  const problems = ctx.documents.check({ kind: TM_RULES_KIND, id: ruleSetIdOf(organizationId), body });
  if (problems.length > 0) throw new AppError(422, 'documentInvalid', undefined, { problems });
  const compiled = compileRuleSet(body);
  const now = ctx.clock().getTime();
  const to = new Date(now - delayMs).toISOString();
  const from = new Date(now - delayMs - options.days * DAY).toISOString();
  const { items } = await ctx.store.query<TmTransactionRecord>('tmTransactions', {
    filter: {
      and: [
        { field: 'organizationId', op: 'eq', value: organizationId },
        { field: 'scoredAt', op: 'gte', value: from },
        { field: 'scoredAt', op: 'lte', value: to },
      ],
    },
    sort: [{ field: 'scoredAt', direction: 'desc' }],
    page: 1,
    pageSize: options.limit,
  });

  const transitions = new Map<string, { from: Decision; to: Decision; count: number }>();
  const changes: DecisionChange[] = [];
  const rules = new Map<string, RulePreview>(
    body.rules.map((rule) => [rule.id, { ruleId: rule.id, liveHits: 0, draftHits: 0 }]),
  );
  const hitsOf = (ruleId: string) => {
    const entry = rules.get(ruleId) ?? { ruleId, liveHits: 0, draftHits: 0 }; // or a rule the draft removes
    rules.set(ruleId, entry);
    return entry;
  };
  let changed = 0;
  for (const record of items) {
    const verdict = await scoring.rescore(record, compiled);
    for (const ruleId of record.hits) hitsOf(ruleId).liveHits += 1;
    for (const ruleId of verdict.hits) hitsOf(ruleId).draftHits += 1;
    if (verdict.decision === record.decision) continue;
    changed += 1;
    const key = `${record.decision}→${verdict.decision}`;
    const transition = transitions.get(key) ?? { from: record.decision, to: verdict.decision, count: 0 };
    transition.count += 1;
    transitions.set(key, transition);
    if (changes.length < SHOWN_CHANGES) {
      changes.push({
        id: record.id,
        transactionId: record.transactionId,
        merchantName: record.merchantName,
        maskedPan: record.maskedPan,
        scoredAt: record.scoredAt,
        from: record.decision,
        to: verdict.decision,
        scoreFrom: record.score,
        scoreTo: verdict.score,
      });
    }
  }
  return {
    from,
    to,
    total: items.length,
    changed,
    transitions: [...transitions.values()].sort((a, b) => b.count - a.count),
    changes,
    rules: [...rules.values()],
    liveVersion: scoring.ruleSet(organizationId).version,
  };
}
