import type { ReviewOutcome } from '../../core/saq/saq-records';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import type { OrganizationRecord, SaqRecord } from '../store/records.types';
import type { QuestionnaireRecords } from './questionnaire-record/lifecycle';
import type { SaqAction, SaqCaller, SaqFlow } from './saq-flow';
import { announceSaq, notifyBank, notifyMerchant } from './saq-notices';
import { merchantOf, type SaqView, saqView } from './saq-views';

/** The bank's decision on a submitted SAQ: it validates it (confirming an outcome) or returns it. */
export interface ReviewInput {
  outcome?: ReviewOutcome;
  note?: string;
}

/** What a bank's decision leaves on the SAQ until it is submitted again. */
export const UNREVIEWED = {
  validatedCompliance: null,
  bankNote: null,
  reviewedAt: null,
  reviewedBy: null,
} satisfies Partial<SaqRecord>;

/** The PCI request a submission answers (PciRequestsService.answerWithSaq): 422 for a wrong pick, else its id or null. */
export interface SubmissionRequests {
  answerWithSaq(saq: SaqRecord, bankId: string, requestId: string | undefined): Promise<string | null>;
}

/** What only an SAQ has after signing: the merchant submits it to a bank, which validates or returns it. */
export class SaqSubmissions {
  constructor(
    private readonly ctx: AppContext,
    private readonly saqs: QuestionnaireRecords<SaqRecord, SaqCaller>,
    private readonly flow: SaqFlow,
    /** PCI requests (pci-requests.service.ts): checks the request a submission picks and links it. */
    private readonly requests: SubmissionRequests,
  ) {}

  /** Organisations SAQs can be submitted to (record kind 'bank'), by name. */
  async banks(): Promise<{ id: string; name: string }[]> {
    const banks = await this.ctx.store
      .collection<OrganizationRecord>('organizations')
      .find((organization) => organization.kind === 'bank' && organization.active !== false);
    return banks.map(({ id, name }) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
  }

  /**
   * Submits a signed SAQ to a bank (409 `saqNotSigned` before; 422 `bankNotFound` for an id that is
   * no bank): the bank's users are notified and told in real time (`saq.submitted`).
   */
  async submit(caller: SaqCaller, id: string, bankId: string, requestId?: string): Promise<SaqView> {
    const userId = caller.user.id;
    const submitted = await this.saqs.locked(userId, id, async () => {
      const record = await this.saqs.find(userId, id);
      const move = this.flow.judge(record, 'submit', caller);
      const bank = await this.ctx.store.collection<OrganizationRecord>('organizations').get(bankId);
      // a deactivated bank (Administration → Banks) takes no more submissions
      if (bank?.kind !== 'bank' || bank.active === false) throw new AppError(422, 'bankNotFound');
      const pciRequestId = await this.requests.answerWithSaq(record, bank.id, requestId);
      const now = this.ctx.clock().toISOString();
      const changed: SaqRecord = {
        ...record,
        status: move.to,
        submittedAt: now,
        bankId: bank.id,
        bankName: bank.name,
        ...(await merchantOf(this.ctx, record)),
        // a new submission waits for a new decision
        ...UNREVIEWED,
        pciRequestId,
        updatedAt: now,
      };
      await this.saqs.recordMove(record, move, userId);
      await this.saqs.records.replace(record.id, changed);
      return changed;
    });
    await announceSaq(this.ctx, submitted);
    await notifyBank(this.ctx, submitted);
    return saqView(this.flow, submitted, caller);
  }

  /**
   * The bank's decision on an SAQ submitted to it (the caller's organisation is checked by the
   * management service): `validate` confirms an outcome (compliant or non-compliant), `return` sends
   * it back to the merchant with a note. The workflow judges both; the merchant is notified.
   */
  async review(
    caller: SaqCaller,
    reviewer: string,
    record: SaqRecord,
    action: Extract<SaqAction, 'validate' | 'return'>,
    input: ReviewInput,
  ): Promise<SaqRecord> {
    const reviewed = await this.saqs.locked(record.userId, record.id, async () => {
      const current = await this.saqs.records.get(record.id);
      if (!current) throw new AppError(404, 'saqNotFound');
      const move = this.flow.judge(current, action, caller);
      const now = this.ctx.clock().toISOString();
      const changed: SaqRecord = {
        ...current,
        status: move.to,
        validatedCompliance: action === 'validate' ? (input.outcome ?? null) : null,
        bankNote: input.note?.trim() || null,
        reviewedAt: now,
        reviewedBy: reviewer,
        updatedAt: now,
      };
      await this.saqs.recordMove(current, move, caller.user.id, changed.bankNote ?? undefined);
      await this.saqs.records.replace(current.id, changed);
      return changed;
    });
    await announceSaq(this.ctx, reviewed);
    await notifyMerchant(this.ctx, reviewed, action);
    return reviewed;
  }
}
