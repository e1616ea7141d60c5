import type { Effect } from '../services/workflow-effect.types';
import type { EffectName } from '../config/effect-names';
import { labelCaseTransactions } from './label-case-transactions';
import { notifyCreator } from './notify-creator';
import { reopenCaseAlerts } from './reopen-case-alerts';
import { sendInvitationMail } from './send-invitation-mail';

/** One function under each of EFFECT_NAMES (config/effect-names.ts): a name without one, or one more, does not compile. */
const REGISTERED: Record<EffectName, Effect> = {
  notifyCreator,
  sendInvitationMail,
  labelCaseTransactions,
  reopenCaseAlerts,
};

/** The registry workflow documents name effects from; publish refuses any other name. */
export const EFFECTS: Readonly<Record<string, Effect>> = Object.freeze(REGISTERED);
