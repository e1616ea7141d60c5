/**
 * The names of the registered workflow effects (server/workflows/effects.ts registers one function
 * under each): what a workflow document may name, known to publish and to the seeds without loading
 * the effects and what they use.
 */
export const EFFECT_NAMES = [
  'notifyCreator',
  'sendInvitationMail',
  'labelCaseTransactions',
  'reopenCaseAlerts',
] as const;

export type EffectName = (typeof EFFECT_NAMES)[number];

export const effectNames = (): string[] => [...EFFECT_NAMES];
