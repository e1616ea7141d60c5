import type { EffectInput } from '../services/workflow-effect.types';

/**
 * Effect `labelCaseTransactions` (workflow `tm-case`, on closing): tells `tm.caseClosing`, whose
 * reaction writes the case's label on every transaction of its alerts and closes those alerts. It
 * runs before the move is written, so a failure refuses the close and nothing is half done.
 */
export async function labelCaseTransactions({ ctx, record, actor }: EffectInput): Promise<void> {
  await ctx.events.emit('tm.caseClosing', { caseRecord: record, actor });
}
