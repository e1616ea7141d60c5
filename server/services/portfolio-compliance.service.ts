import type { ComplianceDocumentType } from '../../core/compliance/compliance-documents';
import type { ConfigDocument } from '../../core/documents/document.types';
import type { QuestionnaireBody } from '../../core/questionnaire/questionnaire.types';
import type { ListQuery, ListResult } from '../../core/query/query.types';
import { runQuery } from '../../core/query/run-query';
import { allOf } from '../../core/resources/resource.utils';
import { type ScanRequirementsBody, unmetRequirements } from '../../core/scans/scan-requirements';
import type { AuthContext } from '../auth/authenticate';
import { requirementIds } from '../config/standards';
import type { AppContext } from '../context';
import type { ScanRecord } from '../../core/scans/scan-record';
import type { ComplianceDocumentsService } from './compliance-documents.service';
import type { ManagementSaqService } from './management-saq.service';
import type { PortfolioService } from './portfolio.service';
import type { ResourceCaller } from './resources.service';
import { SCAN_REQUIREMENTS } from './saq-suggestions.service';

/** One PCI DSS requirement (v4.0.1, x.y) for a portfolio merchant: what evidences it and whether it is open. */
export interface RequirementRow {
  id: string;
  requirement: string;
  /** Its place in the standard (1.1 … 12.10, then the appendices), to sort by. */
  order: number;
  /** Requirements of the latest scan's rules under it: fired (not in place) and named at all (looked at). */
  scanUnmet: number;
  scanChecked: boolean;
  /** Its questions in the newest SAQ the bank reads, by answer. */
  saqInPlace: number;
  saqNotInPlace: number;
  saqOther: number;
  /** The ASV scan report evidences 11.3 (external vulnerability scans), the AoC requirement 12.8/12.9's attestation. */
  documents: number;
  status: 'open' | 'evidenced' | 'noEvidence';
}

const IN_PLACE = new Set(['inPlace', 'inPlaceCcw', 'notApplicable']);
const DOCUMENT_EVIDENCE: Record<ComplianceDocumentType, string> = { asv: '11.3', aoc: '12.8' };
const ROW_FIELDS = ['order', 'requirement', 'status', 'scanUnmet', 'saqNotInPlace', 'documents'];
export const REQUIREMENT_FIELDS = { filterable: ROW_FIELDS, sortable: ROW_FIELDS };

/**
 * A portfolio merchant's compliance as its bank may read it (docs/domain/portfolio-mmsp.md 'Compliance,
 * reports, PCI DSS'): the SAQs, ASV and AoC documents of the organisation the merchant is linked to
 * (Settings → Sharing) — only while that organisation shares with the bank, by the bank-side reads —
 * and a requirement-level view joining them with the merchant's latest scan. Unlinked: nothing.
 */
export class PortfolioComplianceService {
  constructor(
    private readonly ctx: AppContext,
    private readonly portfolio: PortfolioService,
    private readonly managementSaq: ManagementSaqService,
    private readonly documents: ComplianceDocumentsService,
  ) {}

  /** The linked organisation after the merchant's read guard (404/403 as the merchant read answers). */
  private async linked(caller: ResourceCaller, merchantId: string): Promise<string | undefined> {
    return (await this.portfolio.sharing(caller, merchantId)).organizationId;
  }

  async saqs(caller: ResourceCaller, auth: AuthContext, merchantId: string, query: ListQuery) {
    const organizationId = await this.linked(caller, merchantId);
    if (!organizationId) return { items: [], total: 0 };
    return this.managementSaq.ofOrganization(auth, organizationId, query);
  }

  async documentsOf(
    caller: ResourceCaller,
    auth: AuthContext,
    merchantId: string,
    type: ComplianceDocumentType,
    query: ListQuery,
  ): Promise<ListResult<unknown>> {
    const organizationId = await this.linked(caller, merchantId);
    if (!organizationId) return { items: [], total: 0 };
    const mine = { field: 'organizationId', op: 'eq' as const, value: organizationId };
    return this.documents.bankList(auth, type, { ...query, filter: allOf(mine, query.filter) });
  }

  /** PCI DSS v4.0.1's requirements (x.y), each with the scan, SAQ and document evidence for the merchant. */
  async requirements(caller: ResourceCaller, auth: AuthContext, merchantId: string, query: ListQuery) {
    const organizationId = await this.linked(caller, merchantId);
    const scan = await this.latestScanOf(caller, merchantId);
    const mapping = this.ctx.documents.latestBody<ScanRequirementsBody>(SCAN_REQUIREMENTS.kind, SCAN_REQUIREMENTS.id);
    const unmet = scan && mapping ? unmetRequirements(scan.results, mapping) : new Map();
    const mapped = new Set(mapping?.rules.flatMap((rule) => rule.requirements) ?? []);
    const saq = organizationId ? await this.managementSaq.newestOf(auth, organizationId) : undefined;
    const answers = saq ? await this.answersByRequirement(saq.document, saq.answers) : [];
    const documents = new Map<string, number>();
    if (organizationId)
      for (const type of Object.keys(DOCUMENT_EVIDENCE) as ComplianceDocumentType[]) {
        const { total } = await this.documentsOf(caller, auth, merchantId, type, { sort: [], page: 1, pageSize: 1 });
        if (total > 0) documents.set(DOCUMENT_EVIDENCE[type], total);
      }
    const under = (row: string) => (id: string) => id === row || id.startsWith(`${row}.`);
    const rows: RequirementRow[] = [...(requirementIds('PCI DSS', '4.0.1') ?? [])]
      .filter((id) => id.split('.').length === 2)
      .map((id, order) => {
        const mine = under(id);
        const answered = answers.filter(([requirement]) => mine(requirement)).map(([, value]) => value);
        const row = {
          id,
          requirement: id,
          order,
          scanUnmet: [...unmet.keys()].filter(mine).length,
          scanChecked: scan !== undefined && [...mapped].some(mine),
          saqInPlace: answered.filter((value) => IN_PLACE.has(value)).length,
          saqNotInPlace: answered.filter((value) => value === 'notInPlace').length,
          saqOther: answered.filter((value) => !IN_PLACE.has(value) && value !== 'notInPlace').length,
          documents: documents.get(id) ?? 0,
        };
        const open = row.scanUnmet > 0 || row.saqNotInPlace > 0;
        const evidenced = row.scanChecked || row.saqInPlace > 0 || row.documents > 0;
        return { ...row, status: open ? 'open' : evidenced ? 'evidenced' : 'noEvidence' } as RequirementRow;
      });
    return runQuery(rows, query);
  }

  private async latestScanOf(caller: ResourceCaller, merchantId: string): Promise<ScanRecord | undefined> {
    const last = await this.portfolio.lastScanScore(caller, merchantId);
    if (!last.scanId) return undefined;
    return this.ctx.store.collection<ScanRecord>('scans').get(last.scanId);
  }

  /** [requirement, answer] of every answered question of the SAQ's questionnaire version. */
  private async answersByRequirement(
    document: { id: string; version: number },
    answers: Record<string, unknown>,
  ): Promise<[string, string][]> {
    const questionnaire = (await this.ctx.documents.version('questionnaire', document.id, document.version)) as
      | ConfigDocument<QuestionnaireBody>
      | undefined;
    return (questionnaire?.body.sections ?? [])
      .flatMap((section) => section.items)
      .flatMap((item) =>
        item.type === 'question' && item.requirement && typeof answers[item.id] === 'string'
          ? [[item.requirement, answers[item.id] as string] as [string, string]]
          : [],
      );
  }
}
