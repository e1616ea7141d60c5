import {
  type SaqSuggestion,
  type SaqSuggestionsRecord,
  SUGGESTED_VALUE,
  mergeSuggestions,
} from '../../core/saq/saq-suggestions';
import type { ScanRecord } from '../../core/scans/scan-record';
import {
  type ScanRequirementsBody,
  type SuggestionEvidence,
  unmetRequirements,
} from '../../core/scans/scan-requirements';
import type { AppContext } from '../context';
import { canonicalJson } from '../../core/json/canonical-json';
import { AppError } from '../http/app-error';
import type { Language } from '../http/i18n';
import { publishToUser } from '../realtime/publish';
import { findWhere } from '../store/matching';
import type { SaqRecord } from '../store/records.types';
import type { SaqCaller } from './saq-flow';
import type { SaqService } from './saq.service';

/** The mapping document: scan results → PCI DSS requirements (schemas/scan-requirements/). */
export const SCAN_REQUIREMENTS = { kind: 'scan-requirements', id: 'pci-dss-4' } as const;
/** An SAQ still being answered: answering, or returned by the bank for changes. */
const OPEN_STATUSES = new Set(['waiting', 'returned']);
/** What the SAQ's owner hears when suggestions arrive. */
export const SUGGESTIONS_EVENT = 'saq.suggestions';

/**
 * Organisations besides the scanning one whose SAQs a scan speaks for: the merchant organisation a
 * bank's portfolio merchant is linked to while it shares its compliance with the bank
 * (PortfolioService.linkedOrganizations).
 */
export interface LinkedOrganizations {
  linkedOrganizations(scan: ScanRecord): Promise<string[]>;
}

/**
 * Scan findings pre-fill the SAQ (docs/gateway/saq.md 'SAQ suggestions'): when a scan of an
 * organisation completes, each of its open SAQs gets a suggested Not in Place on every question
 * whose requirement the mapping document finds unmet, with the evidence and the scan date. The
 * merchant accepts (the answer is saved as any typed answer is) or overrides; the choice is kept
 * through later scans.
 */
export class SaqSuggestionsService {
  constructor(
    private readonly ctx: AppContext,
    private readonly saqs: SaqService,
    private readonly links: LinkedOrganizations,
  ) {}

  private get records() {
    return this.ctx.store.collection<SaqSuggestionsRecord>('saqSuggestions');
  }

  /** A completed scan (reactions.ts): the scanning organisation's open SAQs and those of its linked merchant. */
  async fromScan(scan: ScanRecord): Promise<void> {
    const linked = await this.links.linkedOrganizations(scan);
    for (const organizationId of new Set([scan.organizationId, ...linked])) await this.suggest(scan, organizationId);
  }

  /**
   * A scan found the merchant's payment page changed without authorisation (reactions.ts): its SAQs'
   * 6.4.3 and 11.6.1 are suggested Not in Place with each change as evidence, the other suggestions
   * left as the scan made them.
   */
  async fromEvidence(scan: ScanRecord, unmet: Map<string, SuggestionEvidence[]>): Promise<void> {
    const linked = await this.links.linkedOrganizations(scan);
    const scope = new Set(unmet.keys());
    for (const organizationId of new Set([scan.organizationId, ...linked]))
      await this.suggestUnmet(scan, organizationId, unmet, scope);
  }

  /** Suggests the scan's unmet requirements to the open SAQs of `organizationId`. */
  async suggest(scan: ScanRecord, organizationId: string): Promise<void> {
    const mapping = this.ctx.documents.latestBody<ScanRequirementsBody>(SCAN_REQUIREMENTS.kind, SCAN_REQUIREMENTS.id);
    if (!mapping || scan.status !== 'completed') return;
    await this.suggestUnmet(scan, organizationId, unmetRequirements(scan.results, mapping));
  }

  private async suggestUnmet(
    scan: ScanRecord,
    organizationId: string,
    unmet: Map<string, SuggestionEvidence[]>,
    scope?: ReadonlySet<string>,
  ): Promise<void> {
    const saqs = (
      await findWhere(this.ctx.store.collection<SaqRecord>('saqs'), {
        field: 'organizationId',
        op: 'eq',
        value: organizationId,
      })
    ).filter((saq) => OPEN_STATUSES.has(saq.status));
    for (const saq of saqs) {
      const { compiled } = await this.saqs.lifecycle.withQuestionnaire(saq.userId, saq.id);
      const fresh: Record<string, SaqSuggestion> = {};
      for (const itemId of compiled.questionIds) {
        const item = compiled.entries.get(itemId)?.item;
        const requirement = item && 'requirement' in item ? item.requirement : undefined;
        const evidence = requirement ? unmet.get(requirement) : undefined;
        if (!requirement || !evidence || !compiled.responseValues.get(itemId)?.has(SUGGESTED_VALUE)) continue;
        fresh[itemId] = {
          itemId,
          requirement,
          value: SUGGESTED_VALUE,
          evidence,
          scanId: scan.id,
          scanDate: scan.scan_date ?? '',
          url: scan.url,
          status: 'suggested',
          decidedAt: null,
          decidedBy: null,
        };
      }
      const now = this.ctx.clock().toISOString();
      await this.records.upsertWith(saq.id, (current) => ({
        id: saq.id,
        organizationId,
        userId: saq.userId,
        items: mergeSuggestions(current?.items ?? {}, fresh, scope),
        updatedAt: now,
      }));
      await publishToUser(this.ctx, saq.userId, SUGGESTIONS_EVENT, { id: saq.id }).catch((error: unknown) =>
        this.ctx.log.error(`SAQ ${saq.id} suggestions made but not announced`, error),
      );
    }
  }

  /** The caller's SAQ's suggestions in questionnaire order of arrival (404 for another user's SAQ). */
  async list(caller: SaqCaller, saqId: string): Promise<SaqSuggestion[]> {
    await this.saqs.get(caller, saqId);
    return Object.values((await this.records.get(saqId))?.items ?? {});
  }

  /** Takes the suggestion: the item is answered Not in Place (judged and saved as a typed answer is). */
  async accept(caller: SaqCaller, saqId: string, itemId: string, language: Language): Promise<SaqSuggestion> {
    const suggestion = await this.suggestion(caller, saqId, itemId);
    const before = await this.answerOf(caller, saqId, itemId);
    await this.saqs.saveAnswer(caller, saqId, itemId, { value: suggestion.value }, language);
    return this.decide(caller, saqId, itemId, 'accepted', { before, saved: suggestion.value });
  }

  /** Declines it: the answer stays the merchant's own (`value` given: saved as their answer). */
  async override(
    caller: SaqCaller,
    saqId: string,
    itemId: string,
    value: string | undefined,
    language: Language,
  ): Promise<SaqSuggestion> {
    await this.suggestion(caller, saqId, itemId);
    if (value === undefined) return this.decide(caller, saqId, itemId, 'overridden', null);
    const before = await this.answerOf(caller, saqId, itemId);
    await this.saqs.saveAnswer(caller, saqId, itemId, { value }, language);
    return this.decide(caller, saqId, itemId, 'overridden', { before, saved: value });
  }

  /**
   * Undoes the decision: the suggestion is open again, and the answer it saved goes back to the
   * earlier one (saved as a typed answer is) — unless the merchant changed it since, then theirs
   * stays. 409 `suggestionNotDecided` for an open one, 409 `saqLocked` once the SAQ takes no answers.
   */
  async undo(caller: SaqCaller, saqId: string, itemId: string, language: Language): Promise<SaqSuggestion> {
    const suggestion = await this.suggestion(caller, saqId, itemId);
    if (suggestion.status === 'suggested') throw new AppError(409, 'suggestionNotDecided');
    const record = await this.ctx.store.collection<SaqRecord>('saqs').get(saqId);
    if (!record || !this.saqs.flow.takesAnswers(record)) throw new AppError(409, 'saqLocked');
    const { answered } = suggestion;
    if (answered && sameValue(record.answers[itemId] ?? null, answered.saved))
      await this.saqs.saveAnswer(caller, saqId, itemId, { value: answered.before }, language);
    const stored = await this.records.upsertWith(saqId, (current) => {
      const decided = current?.items[itemId];
      if (!current || !decided) return current;
      const { answered: _answered, ...rest } = decided;
      const reopened: SaqSuggestion = { ...rest, status: 'suggested', decidedAt: null, decidedBy: null };
      return { ...current, items: { ...current.items, [itemId]: reopened }, updatedAt: this.ctx.clock().toISOString() };
    });
    const reopened = stored?.items[itemId];
    if (!reopened) throw new AppError(404, 'suggestionNotFound');
    return reopened;
  }

  /** The item's answer now (null: none). */
  private async answerOf(caller: SaqCaller, saqId: string, itemId: string): Promise<unknown> {
    return (await this.saqs.get(caller, saqId)).answers[itemId] ?? null;
  }

  private async suggestion(caller: SaqCaller, saqId: string, itemId: string): Promise<SaqSuggestion> {
    await this.saqs.get(caller, saqId);
    const suggestion = (await this.records.get(saqId))?.items[itemId];
    if (!suggestion) throw new AppError(404, 'suggestionNotFound');
    return suggestion;
  }

  private async decide(
    caller: SaqCaller,
    saqId: string,
    itemId: string,
    status: 'accepted' | 'overridden',
    answered: SaqSuggestion['answered'],
  ): Promise<SaqSuggestion> {
    const now = this.ctx.clock().toISOString();
    const stored = await this.records.upsertWith(saqId, (current) => {
      const suggestion = current?.items[itemId];
      if (!current || !suggestion) return current;
      const decided = { ...suggestion, status, decidedAt: now, decidedBy: caller.user.id, answered };
      return { ...current, items: { ...current.items, [itemId]: decided }, updatedAt: now };
    });
    const decided = stored?.items[itemId];
    if (!decided) throw new AppError(404, 'suggestionNotFound');
    return decided;
  }
}

/** Answers compare by value: a table or a list answer is a new object on every read. */
const sameValue = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);
