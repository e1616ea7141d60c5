import type { EffectInput } from '../services/workflow-effect.types';

/**
 * Effect `reopenCaseAlerts` (workflow `tm-case`, on reopening): tells `tm.caseReopening`, whose
 * reaction moves the case's closed alerts back into it (`assigned`). Its transactions keep the label
 * until the case closes again, which writes the label then chosen.
 */
export async function reopenCaseAlerts({ ctx, record, actor }: EffectInput): Promise<void> {
  await ctx.events.emit('tm.caseReopening', { caseRecord: record, actor });
}
