import { type CompiledQuestionnaire, compileQuestionnaire } from '../../core/questionnaire/questionnaire';
import type { QuestionnaireBody } from '../../core/questionnaire/questionnaire.types';
import type { AppContext } from '../context';
import type { SaqRecord } from '../store/records.types';

/**
 * The questionnaire version each SAQ is pinned to, read and compiled once per version (a published
 * version never changes): shared by the SAQs and the PCI requests that read their bodies.
 */
export class PinnedQuestionnaires {
  /** Compiled questionnaires by `id@version`. */
  private readonly compiled = new Map<string, CompiledQuestionnaire>();

  constructor(private readonly ctx: AppContext) {}

  /** The compiled questionnaire version the SAQ is pinned to. */
  async of(record: SaqRecord): Promise<CompiledQuestionnaire> {
    const key = `${record.document.id}@${record.document.version}`;
    let compiled = this.compiled.get(key);
    if (!compiled) {
      const document = await this.ctx.documents.version('questionnaire', record.document.id, record.document.version);
      compiled = compileQuestionnaire(document.body as QuestionnaireBody);
      this.compiled.set(key, compiled);
    }
    return compiled;
  }

  /** A pinned SAQ's questionnaire body. */
  async bodyOf(record: SaqRecord): Promise<QuestionnaireBody> {
    return (await this.of(record)).body;
  }
}
