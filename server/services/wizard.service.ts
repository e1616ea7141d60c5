import type { ConfigDocument } from '../../core/documents/document.types';
import type { FormBody } from '../../core/forms/form.types';
import type { WizardAnswers, WizardBody, WizardProgress, WizardSubmit } from '../../core/wizards/wizard.types';
import { mergedAnswers, stepsBefore, wizardPath } from '../../core/wizards/wizard.utils';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import type { WizardProgressRecord } from '../store/records.types';
import { validateSteps } from './wizard-steps';

/** Saved answers beyond this size (JSON characters) are refused: a wizard is a few forms, not a file store. */
const MAX_ANSWERS_CHARS = 64 * 1024;

/**
 * What GET …/progress answers: the progress, and the body and content hash of the version it is
 * pinned to (the hash names that version's validators module on the config service).
 */
export type ProgressView = WizardProgress & { wizard: { body: WizardBody; hash: string } };

export interface ProgressInput {
  step: string;
  answers: WizardAnswers;
  /** The definition version the browser shows; a mismatch is 409 `wizardChanged`. */
  version?: number;
}

/**
 * Progress through wizard documents, per user and wizard (collection `wizardProgress`). Progress is
 * pinned to the wizard version it started with: a newer published version applies only after the
 * user starts over. The server judges every step on the path before the one the user stands on,
 * and all of them again at submit, with the same core functions the browser uses.
 */
export class WizardService {
  constructor(private readonly ctx: AppContext) {}

  private get records() {
    return this.ctx.store.collection<WizardProgressRecord>('wizardProgress');
  }

  /** The latest published wizard; 404 `documentNotFound` for an unknown wizard. */
  latest(wizardId: string): ConfigDocument<WizardBody> {
    const entry = this.ctx.documents.cache.get('wizard', wizardId);
    if (!entry) throw new AppError(404, 'documentNotFound');
    return entry.document as ConfigDocument<WizardBody>;
  }

  async progress(userId: string, wizardId: string): Promise<ProgressView | null> {
    this.latest(wizardId);
    const record = await this.records.get(recordId(userId, wizardId));
    return record ? this.view(record, await this.pinned(record)) : null;
  }

  /** Stores the progress; read, judged and written under its record's lock (two tabs never insert it twice). */
  save(userId: string, wizardId: string, input: ProgressInput): Promise<ProgressView> {
    const lock = `wizardProgress.${recordId(userId, wizardId)}`;
    return this.ctx.store.withLock(lock, () => this.saveHeld(userId, wizardId, input));
  }

  private async saveHeld(userId: string, wizardId: string, input: ProgressInput): Promise<ProgressView> {
    const latest = this.latest(wizardId);
    const existing = await this.records.get(recordId(userId, wizardId));
    const definition = existing ? await this.pinned(existing) : latest;
    if (input.version !== undefined && input.version !== definition.version) {
      throw new AppError(409, 'wizardChanged', undefined, { version: definition.version });
    }
    const body = definition.body;
    if (!body.steps.some((step) => step.id === input.step)) {
      throw new AppError(400, 'invalidRequest', { step: 'invalidRequest' });
    }
    const unknown = Object.keys(input.answers).find((id) => !body.steps.some((step) => step.id === id));
    if (unknown !== undefined) throw new AppError(400, 'invalidRequest', { answers: 'invalidRequest' });
    if (JSON.stringify(input.answers).length > MAX_ANSWERS_CHARS) throw new AppError(413, 'payloadTooLarge');

    // the step in progress may be half filled; every step before it on the path must be complete
    const before = stepsBefore(body, input.answers, input.step);
    if (!before) throw new AppError(422, 'validationFailed', { step: 'wizard.stepNotOnPath' });
    this.judge(before, input.answers);

    const now = this.ctx.clock().toISOString();
    const record: WizardProgressRecord = {
      id: recordId(userId, wizardId),
      userId,
      wizardId,
      definition: { id: wizardId, version: definition.version },
      step: input.step,
      answers: input.answers,
      createdAt: existing?.createdAt ?? now,
      updatedAt: now,
    };
    if (existing) await this.records.update(record.id, record);
    else await this.records.insert(record);
    return this.view(record, definition);
  }

  async startOver(userId: string, wizardId: string): Promise<void> {
    this.latest(wizardId);
    await this.records.remove(recordId(userId, wizardId));
  }

  /**
   * Everything on the path judged again from the stored progress (never the browser's verdict):
   * what to send where, or 422 naming the first failing step. 409 `wizardNotStarted` without progress.
   */
  async prepareSubmit(
    userId: string,
    wizardId: string,
  ): Promise<{ submit: WizardSubmit; data: Record<string, unknown>; done: () => Promise<void> }> {
    this.latest(wizardId);
    const record = await this.records.get(recordId(userId, wizardId));
    if (!record) throw new AppError(409, 'wizardNotStarted');
    const { body } = await this.pinned(record);
    this.judge(wizardPath(body, record.answers), record.answers);
    return {
      submit: body.submit,
      data: mergedAnswers(body, record.answers),
      done: async () => {
        await this.records.remove(record.id);
      },
    };
  }

  private judge(steps: WizardBody['steps'], answers: WizardAnswers): void {
    const formOf = (formId: string) => this.ctx.documents.latestBody<FormBody>('form', formId);
    const { errors, step } = validateSteps(steps, answers, formOf);
    if (step !== null) throw new AppError(422, 'validationFailed', errors, { step });
  }

  private async pinned(record: WizardProgressRecord): Promise<ConfigDocument<WizardBody>> {
    // the cached latest version keeps one body object, so its schemas are compiled once
    const latest = this.latest(record.wizardId);
    if (latest.version === record.definition.version) return latest;
    return (await this.ctx.documents.version(
      'wizard',
      record.wizardId,
      record.definition.version,
    )) as ConfigDocument<WizardBody>;
  }

  private view(record: WizardProgressRecord, definition: ConfigDocument<WizardBody>): ProgressView {
    return {
      step: record.step,
      answers: record.answers,
      definition: record.definition,
      updatedAt: record.updatedAt,
      wizard: { body: definition.body, hash: definition.hash },
    };
  }
}

function recordId(userId: string, wizardId: string): string {
  return `${userId}/${wizardId}`;
}
