import type { ListQuery, ListResult, QueryableFields, SortKey } from '../../core/query/query.types';
import { runQuery } from '../../core/query/query.utils';
import {
  type ComplianceStats,
  complianceStats,
  type OverallStatus,
  overallStatus,
} from '../../core/saq/saq-compliance';
import type { ReviewOutcome } from '../../core/saq/saq-records';
import { type AnswersSummary, type Compliance, summarizeAnswers } from '../../core/saq/saq-summary';
import type { AuthContext } from '../auth/authenticate';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import { findWhere } from '../store/matching';
import type { ComplianceDocumentRecord, ComplianceShareRecord, SaqRecord } from '../store/records.types';
import type { Attestation, ReviewInput, SaqService } from './saq.service';
import { saqCaller } from './saq-flow';

/** A row of compliance tracking: one SAQ submitted to the bank, as the bank reads it now. */
export interface ComplianceRow {
  id: string;
  merchantName: string;
  merchantEmail: string;
  level: number | null;
  saqType: string;
  standardVersion: string;
  documentVersion: number;
  status: string;
  compliance: Compliance | null;
  signedAt: string | null;
  submittedAt: string | null;
  expiresAt: string | null;
  /** The scan date of the newest ASV report the merchant shares with this bank, and the day the next is due. */
  lastAsvScanAt: string | null;
  nextAsvDueAt: string | null;
  overallStatus: OverallStatus;
  /** The bank's decision: the outcome it confirmed, its note, when and by whom. */
  validatedCompliance: ReviewOutcome | null;
  bankNote: string | null;
  reviewedAt: string | null;
  reviewedBy: string | null;
}

const ROW_FIELDS = [
  'merchantName',
  'merchantEmail',
  'level',
  'saqType',
  'standardVersion',
  'documentVersion',
  'status',
  'compliance',
  'overallStatus',
  'validatedCompliance',
  'reviewedAt',
  'signedAt',
  'submittedAt',
  'expiresAt',
  'lastAsvScanAt',
  'nextAsvDueAt',
];
/** GET /wbe/api/management-saq/saqs speaks the query contract over these. */
export const COMPLIANCE_FIELDS: QueryableFields = { filterable: ROW_FIELDS, sortable: ROW_FIELDS };
export const NEWEST_SUBMITTED_FIRST: SortKey[] = [{ field: 'submittedAt', direction: 'desc' }];

/**
 * The bank side of SAQs (`/wbe/api/management-saq`): the SAQs merchants submitted to the session's
 * organisation, and nothing else: another organisation's SAQ is 404 as if it did not exist. The
 * overall status depends on the day, so rows are made at read and the query runs over them.
 */
export class ManagementSaqService {
  constructor(
    private readonly ctx: AppContext,
    private readonly saqs: SaqService,
  ) {}

  /** The organisation the session works for: the one switched to, else the user's first. */
  private organizationOf({ user, claims }: AuthContext): string {
    return claims.org ?? user.organizationIds[0] ?? '';
  }

  private async submittedTo(auth: AuthContext): Promise<SaqRecord[]> {
    const bankId = this.organizationOf(auth);
    if (!bankId) return [];
    return findWhere(this.ctx.store.collection<SaqRecord>('saqs'), { field: 'bankId', op: 'eq', value: bankId });
  }

  async list(auth: AuthContext, query: ListQuery, now = new Date()): Promise<ListResult<ComplianceRow>> {
    const scans = await this.asvScans(this.organizationOf(auth));
    const rows = (await this.submittedTo(auth)).map((saq) => complianceRow(saq, now, scans));
    return runQuery(rows, query);
  }

  /**
   * The newest ASV scan report of each merchant organisation sharing its documents with `bankId`
   * (what the bank may read): a bank sees no scan a merchant has not shared with it.
   */
  private async asvScans(bankId: string): Promise<Map<string, AsvScan>> {
    const scans = new Map<string, AsvScan>();
    if (!bankId) return scans;
    const shares = this.ctx.store.collection<ComplianceShareRecord>('complianceShares');
    const merchants = (await findWhere(shares, { field: 'bankId', op: 'eq', value: bankId })).map(
      (share) => share.organizationId,
    );
    if (merchants.length === 0) return scans;
    const reports = await findWhere(this.ctx.store.collection<ComplianceDocumentRecord>('complianceDocuments'), {
      and: [
        { field: 'type', op: 'eq', value: 'asv' },
        { field: 'organizationId', op: 'in', value: merchants },
      ],
    });
    for (const report of reports) {
      const known = scans.get(report.organizationId);
      if (!known || report.validFrom > known.validFrom) scans.set(report.organizationId, report);
    }
    return scans;
  }

  /** One submitted SAQ with a count per response and the appendix rows. */
  /** One submitted SAQ with a count per response, the appendix rows and the actions the bank may take. */
  async get(
    auth: AuthContext,
    id: string,
    now = new Date(),
  ): Promise<ComplianceRow & { answersSummary: AnswersSummary; actions: string[] }> {
    const saq = await this.submitted(auth, id);
    return {
      ...complianceRow(saq, now, await this.asvScans(this.organizationOf(auth))),
      answersSummary: summarizeAnswers(await this.saqs.bodyOf(saq), saq.answers),
      actions: this.saqs.flow.actions(saq, await saqCaller(this.ctx, auth)),
    };
  }

  /**
   * The bank's decision on an SAQ submitted to it (workflow `validate` or `return`; 409 with the
   * allowed actions from any other state). Answers the detail as read after the decision.
   */
  async review(
    auth: AuthContext,
    id: string,
    action: 'validate' | 'return',
    input: ReviewInput,
  ): Promise<ComplianceRow & { answersSummary: AnswersSummary; actions: string[] }> {
    const saq = await this.submitted(auth, id);
    await this.saqs.review(await saqCaller(this.ctx, auth), auth.user.name ?? auth.user.email, saq, action, input);
    return this.get(auth, id);
  }

  async attestation(auth: AuthContext, id: string): Promise<Attestation> {
    return this.saqs.attestationOf(await this.submitted(auth, id));
  }

  async stats(auth: AuthContext, now = new Date()): Promise<ComplianceStats> {
    return complianceStats(
      (await this.submittedTo(auth)).map((saq) => complianceRow(saq, now)),
      now,
    );
  }

  private async submitted(auth: AuthContext, id: string): Promise<SaqRecord> {
    const saq = await this.ctx.store.collection<SaqRecord>('saqs').get(id);
    if (!saq?.bankId || saq.bankId !== this.organizationOf(auth)) throw new AppError(404, 'saqNotFound');
    return saq;
  }
}

/** An ASV scan report's dates: `validFrom` the scan, `validUntil` the day the next is due (quarterly). */
type AsvScan = Pick<ComplianceDocumentRecord, 'validFrom' | 'validUntil'>;

export function complianceRow(saq: SaqRecord, now: Date, asvScans = new Map<string, AsvScan>()): ComplianceRow {
  const scan = saq.organizationId ? asvScans.get(saq.organizationId) : undefined;
  const compliance = saq.compliance ?? null;
  const expiresAt = saq.expiresAt ?? null;
  return {
    id: saq.id,
    merchantName: saq.merchantName ?? '',
    merchantEmail: saq.merchantEmail ?? '',
    level: saq.level ?? null,
    saqType: saq.saqType,
    standardVersion: saq.standardVersion ?? '',
    documentVersion: saq.document.version,
    status: saq.status,
    compliance,
    signedAt: saq.signedAt ?? null,
    submittedAt: saq.submittedAt ?? null,
    expiresAt,
    lastAsvScanAt: scan?.validFrom ?? null,
    nextAsvDueAt: scan?.validUntil ?? null,
    overallStatus: overallStatus(
      // a decision without an outcome is a return, and the next submission clears it
      { compliance, expiresAt, returned: isReturned(saq), validatedCompliance: saq.validatedCompliance },
      now,
    ),
    validatedCompliance: saq.validatedCompliance ?? null,
    bankNote: saq.bankNote ?? null,
    reviewedAt: saq.reviewedAt ?? null,
    reviewedBy: saq.reviewedBy ?? null,
  };
}

/** Returned by the bank and not submitted again (being reworked, or still `returned`). */
const isReturned = (saq: SaqRecord) => Boolean(saq.reviewedAt) && !saq.validatedCompliance;
