import type { AssessmentRecord } from '../../core/assessments/assessment.types';
import { answerText } from '../../core/assessments/review-progress';
import { findingsOf } from '../../core/questionnaire/findings';
import type { CompiledQuestionnaire } from '../../core/questionnaire/questionnaire';
import type { AppContext } from '../context';
import type { AssessmentCaller } from './assessment-policy';
import { textIn } from './questionnaire-record/problems';
import type { ResourcesService } from './resources.service';

/** The resource findings raise records of at completion (schemas/resources/issue.json). */
const ISSUE = 'issue';

/**
 * One `issue` record (source assessment, state open) per finding of the completed answers (the
 * template's `findings` rules), linked by assessmentId and assessmentItemId, on the third party
 * (asset and merchantId); an item that raised one at an earlier completion raises none again. Made
 * by the completing assessor. Returns the new issues' ids.
 */
export async function raiseIssues(
  ctx: AppContext,
  resources: ResourcesService,
  caller: AssessmentCaller,
  record: AssessmentRecord,
  compiled: CompiledQuestionnaire,
): Promise<string[]> {
  const findings = findingsOf(compiled, record.answers);
  if (findings.length === 0) return [];
  const resource = resources.published(ISSUE);
  const workflow = resources.workflowOf(resource);
  const records = resources.records(ISSUE);
  const raised = new Set(
    (await records.find((issue) => issue.assessmentId === record.id)).map((issue) => String(issue.assessmentItemId)),
  );
  const language = caller.language ?? 'en';
  const text = (label: Parameters<typeof textIn>[1]) => textIn(ctx, label, language);
  const owner = { user: caller.record, owner: { userId: caller.user.id, organizationId: record.organizationId } };
  const fresh = findings
    .filter(({ itemId }) => !raised.has(itemId))
    .map(({ itemId, rule }) => {
      const item = compiled.entries.get(itemId)?.item;
      const question = text(item?.type === 'question' ? item.text : (item?.label ?? itemId));
      const answer = answerText(compiled, itemId, record.answers[itemId], text);
      const fields = {
        title: `${record.thirdPartyName}: ${question}`.slice(0, 200),
        description: ctx.translator
          .t(language, 'assessments.findingDescription', { name: record.name, answer })
          .slice(0, 4000),
        source: 'assessment',
        severity: rule.severity,
        category: rule.category,
        ...(rule.priority ? { priority: rule.priority } : {}),
        asset: record.thirdPartyName.slice(0, 253),
        merchantId: record.thirdPartyId,
        assessmentId: record.id,
        assessmentItemId: itemId,
      };
      return resources.newRecord(resource, owner as never, fields, workflow);
    });
  if (fresh.length === 0) return [];
  await ctx.store.transaction(() => resources.insertAllNew(resource, owner as never, fresh, workflow));
  return fresh.map((issue) => issue.id);
}
