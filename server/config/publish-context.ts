import type { ValidationContext } from '../../core/documents/document.types';
import { effectNames } from './effect-names';
import { requirementIds } from './standards';

/**
 * What publishing checks a document against beyond itself — the documents it may name, the workflow
 * effects the server has, the standards' requirement ids — built in one place so the seeds at start-up,
 * the dry run, publishing and scripts/validate-document.ts (which asks the dry run) give one verdict.
 */
export function publishContext(published: NonNullable<ValidationContext['published']>): ValidationContext {
  return { published, effects: effectNames(), requirementIds };
}
