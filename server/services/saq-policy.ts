import type { AppContext } from '../context';
import type { SaqAttestationRecord, SaqRecord } from '../store/records.types';
import type { QuestionnaireRecordPolicy } from './questionnaire-record/policy';
import { SAQ_WORKFLOW, type SaqCaller, type SaqFlow } from './saq-flow';
import { announceSaq } from './saq-notices';

/** A signature no longer holds once an answer changes (domain §4): these fields go with it (a migration too). */
export const UNSIGNED = {
  compliance: null,
  signer: null,
  signedAt: null,
  attestation: null,
  expiresAt: null,
} satisfies Partial<SaqRecord>;

/**
 * What makes an SAQ differ in the questionnaire-record lifecycle: one SAQ a user, read only by its
 * owner, locked per user (`saqs.<userId>`: an SAQ migration takes the same lock). Answering
 * outside the initial state is the workflow's `edit` (back to answering; where `edit` does not
 * leave — submitted, validated — 409 `saqLocked`), and any answer drops completion and the
 * signature on what was completed.
 */
export function saqPolicy(ctx: AppContext, flow: SaqFlow): QuestionnaireRecordPolicy<SaqRecord, SaqCaller> {
  return {
    collection: 'saqs',
    workflow: SAQ_WORKFLOW,
    notFound: 'saqNotFound',
    lockOf: (userId) => `saqs.${userId}`,
    pinnedTo: (record) => record.document,
    mayRead: (record, userId) => record.userId === userId,
    answering: (record, caller) => (record.status === flow.initial() ? null : flow.judge(record, 'edit', caller)),
    answered: (record, { answers, changed, step }) => ({
      ...record,
      answers,
      // answering a question again is re-reading it
      ...rereadAfter(record, changed),
      lastStep: step ?? record.lastStep,
      completedAt: null,
      missingAtCompletion: [],
      ...UNSIGNED,
    }),
    async written(before, after, move) {
      if (before.attestation) await ctx.store.collection<SaqAttestationRecord>('saqAttestations').remove(before.id);
      if (move) await announceSaq(ctx, after);
    },
    workbook: {
      subject: (record) => `SAQ ${record.saqType} · PCI DSS ${record.standardVersion ?? ''}`,
      fileName: (record, language) => {
        const type = record.saqType.replace(/[^A-Za-z0-9-]/g, '');
        const version = (record.standardVersion ?? '').replace(/[^0-9.]/g, '');
        return `SAQ-${type}-${version}-${language}.xlsx`;
      },
    },
  };
}

/** The re-read flags left once `answered` were answered again (nothing to write when none was flagged). */
function rereadAfter(record: SaqRecord, answered: string[]): Pick<SaqRecord, 'reread'> {
  if (!record.reread?.some((flag) => answered.includes(flag.itemId))) return {};
  return { reread: record.reread.filter((flag) => !answered.includes(flag.itemId)) };
}
