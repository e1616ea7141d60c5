import type { ConfigDocument, Text } from '../../core/documents/document.types';
import type { ListQuery, ListResult, QueryableFields, SortKey } from '../../core/query/query.types';
import { runQuery } from '../../core/query/run-query';
import { type CarryOverReport, carryOverAnswers } from '../../core/questionnaire/carry-over';
import { type CarryOverChangeRow, carryOverChanges } from '../../core/questionnaire/carry-over-changes';
import { type CompiledQuestionnaire, compileQuestionnaire } from '../../core/questionnaire/questionnaire';
import { answersToReread, type RereadFlag } from '../../core/questionnaire/reread';
import type { Answers, QuestionnaireBody } from '../../core/questionnaire/questionnaire.types';
import { compareVersions, SAQ_STANDARD, saqCatalog } from '../../core/saq/saq-catalog';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import type { Language } from '../http/i18n';
import type { SaqAttestationRecord, SaqRecord } from '../store/records.types';
import { writeHistory } from './history';
import { UNSIGNED } from './saq-policy';
import type { QuestionnaireRecords } from './questionnaire-record/lifecycle';
import { SAQ_WORKFLOW, type SaqCaller, type SaqFlow } from './saq-flow';
import { announceSaq } from './saq-notices';
import { type SaqView, saqView } from './saq-views';

const KIND = 'questionnaire';
/** The history entry a migration writes (schemas/lists/saq-history.json labels it). */
export const MIGRATE = 'migrate';

/** A questionnaire version an SAQ can move to, as `POST …/migrate` names it. */
export interface MigrationTarget {
  documentId: string;
  version: number;
}

/** GET …/saqs/:saqId/migration: the newer version of the SAQ's type and what moving to it would do. */
export interface SaqMigrationOffer {
  documentId: string;
  version: number;
  standardVersion: string;
  title: Text;
  /** The version the SAQ is pinned to now. */
  from: { documentId: string; version: number; standardVersion: string };
  report: CarryOverReport;
  counts: { kept: number; reworded: number; moved: number; dropped: number; conflicts: number; added: number };
  /** Moving sends a completed or signed SAQ back to answering and drops its signature. */
  dropsSignature: boolean;
}

/** The changes (GET …/migration with the query contract) are filtered and sorted on these. */
export const MIGRATION_CHANGE_FIELDS: QueryableFields = {
  filterable: ['change', 'requirement', 'question', 'fromRequirement'],
  sortable: ['position', 'change', 'requirement', 'question', 'fromRequirement'],
};
/** The report's order: moved, dropped, conflicts, new questions, then the kept answers. */
export const REPORT_ORDER: SortKey[] = [{ field: 'position', direction: 'asc' }];

/** The moment a version was published: the catalogue breaks standard-version ties by it. */
const publishedAt = (document: ConfigDocument) => document.publishedAt ?? document.createdAt;

/**
 * Moving an SAQ in progress to a newer published version of its type (issue 9: "a merchant with an
 * SAQ in progress sees what would change and chooses to migrate"). The answers are carried by the
 * new version's `carryOver` (core/questionnaire/carry-over.ts) when it names the SAQ's document as
 * `from`; otherwise only requirements both versions ask keep their answers. Nothing is stored
 * until the merchant migrates; the move runs under the user's SAQ lock (`saqs.<userId>`, the SAQ
 * service's), so it never interleaves with an answer being saved.
 */
export class SaqMigrationService {
  /** Compiled versions by `id@version` (and `#plain` without their carry-over): a published version never changes. */
  private readonly compiled = new Map<string, CompiledQuestionnaire>();

  constructor(
    private readonly ctx: AppContext,
    /** The SAQs' lifecycle (its lock, so a migration never interleaves with an answer being saved) and flow. */
    private readonly saqs: QuestionnaireRecords<SaqRecord, SaqCaller>,
    private readonly flow: SaqFlow,
  ) {}

  /** The newest published version of the SAQ's type when newer than its own, with the report; else null. */
  async offer(userId: string, id: string): Promise<SaqMigrationOffer | null> {
    const found = await this.plan(userId, id);
    if (!found) return null;
    const { record, current, target, report } = found;
    return {
      documentId: target.id,
      version: target.version,
      standardVersion: target.body.standard?.version ?? '',
      title: target.body.title,
      from: { documentId: current.id, version: current.version, standardVersion: record.standardVersion ?? '' },
      report,
      counts: {
        kept: report.kept.length,
        reworded: report.reworded.length,
        moved: report.moved.length,
        dropped: report.dropped.length,
        conflicts: report.conflicts.length,
        added: report.added.length,
      },
      dropsSignature: record.status !== 'waiting',
    };
  }

  /** The same offer as rows of changes, in the query contract (empty when there is no newer version). */
  async changes(userId: string, id: string, query: ListQuery): Promise<ListResult<CarryOverChangeRow>> {
    const found = await this.plan(userId, id);
    if (!found) return runQuery([], query);
    const { record, current, target } = found;
    const previous = await this.compile(current, true);
    const next = await this.compile(target, this.follows(target, current));
    const carried = carryOverAnswers(previous, next, record.answers);
    return runQuery(carryOverChanges(previous, next, record.answers, carried), query);
  }

  /**
   * Re-pins the SAQ to `target` with the carried answers: 404 `documentNotFound` for a version that
   * is not published, 409 `saqMigrationOtherType` for another SAQ type's questionnaire, 409
   * `saqMigrationNotNewer` unless it is newer than the pinned one. Outside the initial state a move is
   * the SAQ workflow's `edit` (back to answering, the signature dropped; 409 `saqLocked` where `edit`
   * does not leave, e.g. once submitted), as an answer is. Answers now under another wording are
   * flagged for re-reading (`reread`), and the move is one `migrate` entry of the SAQ's history.
   */
  migrate(caller: SaqCaller, id: string, target: MigrationTarget, language: Language): Promise<SaqView> {
    const userId = caller.user.id;
    return this.saqs.locked(userId, id, async () => {
      const record = await this.saqs.find(userId, id);
      // who may answer now may migrate: outside answering it is the workflow's `edit`
      const edit = this.saqs.policy.answering(record, caller);
      const next = await this.ctx.documents.version(KIND, target.documentId, target.version);
      if (next.status !== 'published') throw new AppError(404, 'documentNotFound');
      const body = next.body as QuestionnaireBody;
      if (body.standard?.name !== SAQ_STANDARD || body.standard.type !== record.saqType) {
        throw new AppError(409, 'saqMigrationOtherType');
      }
      const current = await this.pinned(record);
      if (!isNewer(next as ConfigDocument<QuestionnaireBody>, current)) throw new AppError(409, 'saqMigrationNotNewer');
      const { previous, compiled, carried } = await this.carry(
        record.answers,
        current,
        next as ConfigDocument<QuestionnaireBody>,
      );
      const fromVersion = record.standardVersion ?? current.body.standard?.version ?? '';
      const reread = answersToReread(previous, compiled, carried.report, record.reread ?? [], fromVersion);
      const lastStep = body.sections.some((section) => section.id === record.lastStep) ? record.lastStep : null;
      const now = this.ctx.clock().toISOString();
      const migrated: SaqRecord = {
        ...record,
        document: { id: next.id, version: next.version },
        standardVersion: body.standard.version,
        answers: carried.answers,
        reread,
        lastStep,
        status: edit ? edit.to : record.status,
        completedAt: null,
        missingAtCompletion: [],
        ...UNSIGNED,
        updatedAt: now,
      };
      if (record.attestation)
        await this.ctx.store.collection<SaqAttestationRecord>('saqAttestations').remove(record.id);
      // one entry whatever the state: answering moves the SAQ too, and the bank reads why answers changed
      await writeHistory(this.ctx, SAQ_WORKFLOW, record.id, {
        at: now,
        by: userId,
        from: record.status,
        to: migrated.status,
        action: MIGRATE,
        comment: this.ctx.translator.t(language, 'saqHistory.migrateComment', {
          from: fromVersion,
          to: body.standard.version,
          reread: String(reread.length),
        }),
      });
      await this.saqs.records.replace(record.id, migrated);
      await announceSaq(this.ctx, migrated);
      return saqView(this.flow, migrated, caller);
    });
  }

  /** The answers still to re-read after a migration; none once the SAQ no longer takes answers. */
  async rereads(userId: string, id: string): Promise<RereadFlag[]> {
    const record = await this.saqs.find(userId, id);
    return this.flow.takesAnswers(record) ? (record.reread ?? []) : [];
  }

  /**
   * The merchant read the question again and the answer holds: the flag goes, the answer and the
   * signature stay. 404 `rereadNotFound` for an item not flagged, 409 `saqLocked` once the SAQ
   * takes no answers (submitted: it is the bank's report).
   */
  confirm(caller: SaqCaller, id: string, itemId: string): Promise<SaqView> {
    const userId = caller.user.id;
    return this.saqs.locked(userId, id, async () => {
      const record = await this.saqs.find(userId, id);
      if (!this.flow.takesAnswers(record)) throw new AppError(409, 'saqLocked');
      const flags = record.reread ?? [];
      if (!flags.some((flag) => flag.itemId === itemId)) throw new AppError(404, 'rereadNotFound');
      const confirmed: SaqRecord = {
        ...record,
        reread: flags.filter((flag) => flag.itemId !== itemId),
        updatedAt: this.ctx.clock().toISOString(),
      };
      await this.saqs.records.replace(record.id, confirmed);
      await announceSaq(this.ctx, confirmed);
      return saqView(this.flow, confirmed, caller);
    });
  }

  /** The SAQ, its pinned version, the catalogue's newer one and the carry-over report; null when none is newer. */
  private async plan(userId: string, id: string) {
    const record = await this.saqs.find(userId, id);
    // only an SAQ that may still be edited moves (a submitted one is the bank's report)
    if (!this.flow.takesAnswers(record)) return null;
    const target = saqCatalog(this.ctx.documents.cache.ofKind(KIND)).get(record.saqType);
    if (!target) return null;
    const current = await this.pinned(record);
    if (!isNewer(target, current)) return null;
    const { report } = (await this.carry(record.answers, current, target)).carried;
    return { record, current, target, report };
  }

  private async carry(
    answers: Answers,
    current: ConfigDocument<QuestionnaireBody>,
    next: ConfigDocument<QuestionnaireBody>,
  ) {
    const previous = await this.compile(current, true);
    const compiled = await this.compile(next, this.follows(next, current));
    return { previous, compiled, carried: carryOverAnswers(previous, compiled, answers) };
  }

  /** Whether `next` declares its carry-over from `current`'s document: only then do its changes apply. */
  private follows(next: ConfigDocument<QuestionnaireBody>, current: ConfigDocument<QuestionnaireBody>): boolean {
    return next.body.carryOver?.from === current.id;
  }

  private async compile(document: ConfigDocument<QuestionnaireBody>, withChanges: boolean) {
    const key = `${document.id}@${document.version}${withChanges ? '' : '#plain'}`;
    let compiled = this.compiled.get(key);
    if (!compiled) {
      const { carryOver: _changes, ...plain } = document.body;
      compiled = compileQuestionnaire(withChanges ? document.body : plain);
      this.compiled.set(key, compiled);
    }
    return compiled;
  }

  private async pinned(record: SaqRecord): Promise<ConfigDocument<QuestionnaireBody>> {
    const { id, version } = record.document;
    return (await this.ctx.documents.version(KIND, id, version)) as ConfigDocument<QuestionnaireBody>;
  }
}

/**
 * Newer as the SAQ catalogue orders versions: a higher standard version, or the same one published
 * later (another version of the same document, or a new document for the same standard).
 */
function isNewer(next: ConfigDocument<QuestionnaireBody>, current: ConfigDocument<QuestionnaireBody>): boolean {
  if (next.id === current.id && next.version === current.version) return false;
  const order = compareVersions(next.body.standard?.version ?? '0', current.body.standard?.version ?? '0');
  return order > 0 || (order === 0 && publishedAt(next) > publishedAt(current));
}
