import type { AppContext } from '../context';
import type { Language } from '../http/i18n';
import {
  IMPORT_WORKBOOK,
  importWorkbook,
  type UploadedWorkbook,
  uploadedSheets,
  type WorkbookFile,
  workbookBytes,
} from '../workbook/workbook-import';
import type { AssessmentRecord } from '../../core/assessments/assessment.types';
import type { AssessmentCaller } from './assessment-policy';
import type { AssessmentView } from './assessment-views';
import type { AssessmentsService } from './assessments.service';

/**
 * An assessment's offline workbook (issue 10 'Offline answering'), as the SAQ's: the pinned template
 * version with the assessee's answers so far, and an answered one imported — judged by that version
 * and its rules, applied all together or not at all (server/workbook/workbook-import.ts).
 */
export class AssessmentWorkbookService {
  constructor(
    private readonly ctx: AppContext,
    private readonly assessments: AssessmentsService,
  ) {}

  /** The assessment as a workbook in `language` (any participant), named after its template version. */
  async download(caller: AssessmentCaller, id: string, language: Language): Promise<WorkbookFile> {
    const { record, compiled } = await this.assessments.withQuestionnaire(caller, id);
    const subject = `${record.name} · ${record.thirdPartyName}`;
    const bytes = await workbookBytes(this.ctx, compiled, identityOf(record), record.answers, language, subject);
    const template = record.template.id.replace(/[^A-Za-z0-9.-]/g, '');
    return { fileName: `Assessment-${template}-v${record.template.version}-${language}.xlsx`, bytes };
  }

  /** Refuses, before the file is read, whoever could not answer now (404 / 403 / 409). */
  mayUpload(caller: AssessmentCaller, id: string): Promise<void> {
    return this.assessments.mayAnswer(caller, id);
  }

  /**
   * Imports an answered workbook (the assessee, while answering): refused as `uploadedSheets` and
   * `importWorkbook` say, nothing applied unless the whole file is valid; then the answers land as
   * typed ones do, with one history entry.
   */
  async upload(
    caller: AssessmentCaller,
    id: string,
    file: UploadedWorkbook,
    language: Language,
  ): Promise<{ assessment: AssessmentView; changed: number }> {
    await this.mayUpload(caller, id);
    const upload = { ...(await uploadedSheets(file.bytes)), originalName: file.originalName };
    return this.assessments.replaceAnswers(caller, id, IMPORT_WORKBOOK, (record, compiled) =>
      importWorkbook(this.ctx, upload, { identity: identityOf(record), compiled, answers: record.answers }, language),
    );
  }
}

/** The template version the assessment is pinned to, as a workbook names it. */
const identityOf = (record: AssessmentRecord) => ({ documentId: record.template.id, version: record.template.version });
