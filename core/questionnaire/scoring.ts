import { compileQuestionnaire, visibleItems } from './questionnaire';
import type { Answers, Question, QuestionnaireBody } from './questionnaire.types';

/** One section's part of a score: its points and the best it could get, both already weighted. */
export interface SectionScore {
  id: string;
  points: number;
  max: number;
  /** Whole percent (0–100), null when nothing in the section is scored yet. */
  percent: number | null;
}

export interface Score {
  points: number;
  max: number;
  /** Whole percent (0–100), null when nothing is scored yet. */
  percent: number | null;
  sections: SectionScore[];
}

const percentOf = (points: number, max: number): number | null => (max > 0 ? Math.round((points / max) * 100) : null);

/**
 * The score of answers on a questionnaire (per choice and per section): each visible answered
 * question counts section weight × question weight × the points of its response, over the same
 * weights × the best points its response set offers. Without section weights this is `score()`.
 * Null when the body declares no `scoring.points`. Pure: the preview, the server and the tests share it.
 */
export function scoreOf(body: QuestionnaireBody, answers: Answers): Score | null {
  const points = body.scoring?.points;
  if (!points) return null;
  const compiled = compileQuestionnaire(body);
  const visible = visibleItems(compiled, answers);
  const sections: SectionScore[] = [];
  let got = 0;
  let max = 0;
  for (const section of body.sections) {
    const sectionWeight = section.weight ?? 1;
    let sectionGot = 0;
    let sectionMax = 0;
    for (const item of section.items) {
      const value = answers[item.id];
      if (item.type !== 'question' || !visible.has(item.id) || typeof value !== 'string' || !(value in points))
        continue;
      const weight = sectionWeight * ((item as Question).weight ?? 1);
      const best = Math.max(...[...(compiled.responseValues.get(item.id) ?? [])].map((v) => points[v] ?? 0));
      sectionGot += weight * points[value];
      sectionMax += weight * best;
    }
    sections.push({ id: section.id, points: sectionGot, max: sectionMax, percent: percentOf(sectionGot, sectionMax) });
    got += sectionGot;
    max += sectionMax;
  }
  return { points: got, max, percent: percentOf(got, max), sections };
}
