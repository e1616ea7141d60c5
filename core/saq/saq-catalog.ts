import type { ConfigDocument, Text } from '../documents/document.types';
import type { QuestionnaireBody } from '../questionnaire/questionnaire.types';

/** The standard a questionnaire must name to be an SAQ (its `body.standard.name`). */
export const SAQ_STANDARD = 'PCI DSS';

/** One SAQ type a merchant can start: the questionnaire it starts on (GET /saq/api/v1/saq-types). */
export interface SaqTypeEntry {
  saqType: string;
  documentId: string;
  version: number;
  standardVersion: string;
  title: Text;
  description?: Text;
  questionCount: number;
}

/** Dotted version numbers compared part by part as numbers ("4.0.10" after "4.0.9"); a missing part is 0. */
export function compareVersions(a: string, b: string): number {
  const left = a.split('.').map((part) => Number.parseInt(part, 10) || 0);
  const right = b.split('.').map((part) => Number.parseInt(part, 10) || 0);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const difference = (left[i] ?? 0) - (right[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

const publishedAt = (document: ConfigDocument) => document.publishedAt ?? document.createdAt;

/**
 * The questionnaire each SAQ type starts on, read from the published documents alone: every
 * questionnaire whose standard is PCI DSS and names a type; per type the highest standard version
 * (ties: the one published last). Publishing a new version under any id takes over at once.
 */
export function saqCatalog(questionnaires: readonly ConfigDocument[]): Map<string, ConfigDocument<QuestionnaireBody>> {
  const byType = new Map<string, ConfigDocument<QuestionnaireBody>>();
  for (const document of questionnaires as ConfigDocument<QuestionnaireBody>[]) {
    const standard = document.body?.standard;
    if (standard?.name !== SAQ_STANDARD || !standard.type) continue;
    const kept = byType.get(standard.type);
    const order = kept ? compareVersions(standard.version, kept.body.standard?.version ?? '0') : 1;
    if (!kept || order > 0 || (order === 0 && publishedAt(document) > publishedAt(kept))) {
      byType.set(standard.type, document);
    }
  }
  return byType;
}

/** The catalogue entry of one questionnaire: what the saq-types list shows. */
export function saqTypeEntry(saqType: string, document: ConfigDocument<QuestionnaireBody>): SaqTypeEntry {
  const { body } = document;
  const questionCount = body.sections.reduce(
    (count, section) => count + section.items.filter((item) => item.type === 'question').length,
    0,
  );
  return {
    saqType,
    documentId: document.id,
    version: document.version,
    standardVersion: body.standard?.version ?? '',
    title: body.title,
    ...(body.description !== undefined ? { description: body.description } : {}),
    questionCount,
  };
}
