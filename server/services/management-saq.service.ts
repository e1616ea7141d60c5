import type { ListQuery, ListResult, QueryableFields, SortKey } from '../../core/query/query.types';
import { runQuery } from '../../core/query/run-query';
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
import type { Language } from '../http/i18n';
import { findWhere } from '../store/matching';
import type { ComplianceDocumentRecord, ComplianceShareRecord, SaqRecord } from '../store/records.types';
import type { HistoryRow } from './questionnaire-record/history';
import type { SaqService } from './saq.service';
import type { Attestation, SaqSigning } from './saq-signing';
import type { ReviewInput, SaqSubmissions } from './saq-submissions';
import { saqCaller } from './saq-flow';

/**
 * How a bank reads an SAQ: `submitted` to it (it decides on it), or `shared` — a signed report of a
 * merchant that shares its compliance data with the bank (read only).
 */
export type BankAccess = 'submitted' | 'shared';

/** A row of compliance tracking: one SAQ the bank may read, as the bank reads it now. */
export interface ComplianceRow {
  id: string;
  access: BankAccess;
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
  'access',
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

/** The states in which an SAQ is a signed report (what sharing lets a bank read). */
const REPORT_STATES = ['signed', 'submitted', 'validated', 'returned'];

/**
 * The bank side of SAQs (`/wbe/api/management-saq`): the SAQs merchants submitted to the session's
 * organisation and the signed reports of merchants sharing with it, and nothing else: any other SAQ
 * is 404 as if it did not exist. Only the bank an SAQ was submitted to may validate or return it
 * (the workflow's `when`). The overall status depends on the day, so rows are made at read and the
 * query runs over them.
 */
export class ManagementSaqService {
  constructor(
    private readonly ctx: AppContext,
    private readonly saqs: SaqService,
    private readonly submissions: SaqSubmissions,
    private readonly signing: SaqSigning,
  ) {}

  /** The organisation the session works for: the one switched to, else the user's first. */
  private organizationOf({ user, claims }: AuthContext): string {
    return claims.org ?? user.organizationIds[0] ?? '';
  }

  /** The merchant organisations sharing their compliance data with `bankId`. */
  private async sharingWith(bankId: string): Promise<string[]> {
    const shares = this.ctx.store.collection<ComplianceShareRecord>('complianceShares');
    return (await findWhere(shares, { field: 'bankId', op: 'eq', value: bankId })).map((share) => share.organizationId);
  }

  /** Every SAQ the bank may read, each once, with how it reads it. */
  private async visibleTo(auth: AuthContext): Promise<BankSaq[]> {
    const bankId = this.organizationOf(auth);
    if (!bankId) return [];
    const saqs = this.ctx.store.collection<SaqRecord>('saqs');
    const submitted = await findWhere(saqs, { field: 'bankId', op: 'eq', value: bankId });
    const merchants = await this.sharingWith(bankId);
    const shared =
      merchants.length === 0
        ? []
        : await findWhere(saqs, {
            and: [
              { field: 'organizationId', op: 'in', value: merchants },
              { field: 'status', op: 'in', value: REPORT_STATES },
            ],
          });
    const known = new Set(submitted.map((saq) => saq.id));
    return [
      ...submitted.map((saq) => ({ saq, access: 'submitted' as const })),
      ...shared.filter((saq) => !known.has(saq.id)).map((saq) => ({ saq, access: 'shared' as const })),
    ];
  }

  async list(auth: AuthContext, query: ListQuery, now = this.ctx.clock()): Promise<ListResult<ComplianceRow>> {
    const scans = await this.asvScans(this.organizationOf(auth));
    const rows = (await this.visibleTo(auth)).map(({ saq, access }) => complianceRow(saq, access, now, scans));
    return runQuery(rows, query);
  }

  /** The rows of one merchant organisation's SAQs the bank may read (a portfolio merchant's compliance page). */
  async ofOrganization(auth: AuthContext, organizationId: string, query: ListQuery, now = this.ctx.clock()) {
    const scans = await this.asvScans(this.organizationOf(auth));
    const rows = (await this.visibleTo(auth))
      .filter(({ saq }) => saq.organizationId === organizationId)
      .map(({ saq, access }) => complianceRow(saq, access, now, scans));
    return runQuery(rows, query);
  }

  /** The answers of one merchant organisation's newest SAQ the bank may read, with its document (the PCI DSS page). */
  async newestOf(auth: AuthContext, organizationId: string): Promise<SaqRecord | undefined> {
    return (await this.visibleTo(auth))
      .map(({ saq }) => saq)
      .filter((saq) => saq.organizationId === organizationId)
      .sort((a, b) => String(a.signedAt ?? a.updatedAt).localeCompare(String(b.signedAt ?? b.updatedAt)))
      .at(-1);
  }

  /**
   * The newest ASV scan report of each merchant organisation sharing its documents with `bankId`
   * (what the bank may read): a bank sees no scan a merchant has not shared with it.
   */
  private async asvScans(bankId: string): Promise<Map<string, AsvScan>> {
    const scans = new Map<string, AsvScan>();
    if (!bankId) return scans;
    const merchants = await this.sharingWith(bankId);
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

  /** One SAQ the bank may read with a count per response, the appendix rows and the actions the bank may take. */
  async get(
    auth: AuthContext,
    id: string,
    now = this.ctx.clock(),
  ): Promise<ComplianceRow & { answersSummary: AnswersSummary; actions: string[] }> {
    const { saq, access } = await this.readable(auth, id);
    return {
      ...complianceRow(saq, access, now, await this.asvScans(this.organizationOf(auth))),
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
    const { saq } = await this.readable(auth, id);
    await this.submissions.review(
      await saqCaller(this.ctx, auth),
      auth.user.name ?? auth.user.email,
      saq,
      action,
      input,
    );
    return this.get(auth, id);
  }

  async attestation(auth: AuthContext, id: string): Promise<Attestation> {
    return this.signing.attestationOf((await this.readable(auth, id)).saq);
  }

  /** The SAQ's moves, newest first, with who made them (names, not ids). */
  async history(auth: AuthContext, id: string, query: ListQuery, language: Language): Promise<ListResult<HistoryRow>> {
    const { saq } = await this.readable(auth, id);
    return runQuery(await this.saqs.lifecycle.history(saq, language), query);
  }

  async stats(auth: AuthContext, now = this.ctx.clock()): Promise<ComplianceStats> {
    return complianceStats(
      (await this.visibleTo(auth)).map(({ saq, access }) => complianceRow(saq, access, now)),
      now,
    );
  }

  /** An SAQ the bank may read (submitted to it, or a report shared with it); 404 `saqNotFound` otherwise. */
  private async readable(auth: AuthContext, id: string): Promise<BankSaq> {
    const bankId = this.organizationOf(auth);
    const saq = await this.ctx.store.collection<SaqRecord>('saqs').get(id);
    if (saq && bankId && saq.bankId === bankId) return { saq, access: 'submitted' };
    const shared =
      saq?.organizationId &&
      REPORT_STATES.includes(saq.status) &&
      (await this.sharingWith(bankId)).includes(saq.organizationId);
    if (!saq || !shared) throw new AppError(404, 'saqNotFound');
    return { saq, access: 'shared' };
  }
}

interface BankSaq {
  saq: SaqRecord;
  access: BankAccess;
}

/** An ASV scan report's dates: `validFrom` the scan, `validUntil` the day the next is due (quarterly). */
type AsvScan = Pick<ComplianceDocumentRecord, 'validFrom' | 'validUntil'>;

export function complianceRow(
  saq: SaqRecord,
  access: BankAccess,
  now: Date,
  asvScans = new Map<string, AsvScan>(),
): ComplianceRow {
  const scan = saq.organizationId ? asvScans.get(saq.organizationId) : undefined;
  const compliance = saq.compliance ?? null;
  const expiresAt = saq.expiresAt ?? null;
  return {
    id: saq.id,
    access,
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
