import { type CompiledQuestionnaire, compileQuestionnaire } from '../../../core/questionnaire/questionnaire';
import type { QuestionnaireBody } from '../../../core/questionnaire/questionnaire.types';
import type { AppContext } from '../../context';

/** The questionnaire version a record is pinned to: an SAQ's `document`, an assessment's `template`. */
export interface QuestionnaireRef {
  id: string;
  version: number;
}

/**
 * Pinned questionnaire versions, read and compiled once per version (a published version never
 * changes): one instance serves every questionnaire-based record kind and the PCI requests.
 */
export class PinnedQuestionnaires {
  /** Compiled questionnaires by `id@version`. */
  private readonly compiled = new Map<string, CompiledQuestionnaire>();

  constructor(private readonly ctx: AppContext) {}

  async of(ref: QuestionnaireRef): Promise<CompiledQuestionnaire> {
    const key = `${ref.id}@${ref.version}`;
    let compiled = this.compiled.get(key);
    if (!compiled) {
      const document = await this.ctx.documents.version('questionnaire', ref.id, ref.version);
      compiled = compileQuestionnaire(document.body as QuestionnaireBody);
      this.compiled.set(key, compiled);
    }
    return compiled;
  }

  async bodyOf(ref: QuestionnaireRef): Promise<QuestionnaireBody> {
    return (await this.of(ref)).body;
  }
}
