import type { WorkflowCaller } from '../../../core/workflows/workflow.utils';
import type { AppContext } from '../../context';
import type { Language } from '../../http/i18n';
import {
  IMPORT_WORKBOOK,
  importWorkbook,
  type UploadedWorkbook,
  uploadedSheets,
  type WorkbookFile,
  workbookBytes,
} from '../../workbook/workbook-import';
import type { QuestionnaireRecords } from './lifecycle';
import type { QuestionnaireRecord } from './policy';

/**
 * A record's offline workbook (issue 10 'Offline answering'): the pinned version with the answers
 * so far, and an answered one imported — judged by that version as typed answers are, applied all
 * together or not at all, in one history entry (server/workbook/workbook-import.ts). The workbook
 * names the pinned version, so another questionnaire's file is refused.
 */
export class QuestionnaireWorkbook<R extends QuestionnaireRecord, C extends WorkflowCaller> {
  constructor(
    private readonly ctx: AppContext,
    private readonly records: QuestionnaireRecords<R, C>,
  ) {}

  /** The record as a workbook in `language`, named as its kind names it. */
  async download(userId: string, id: string, language: Language): Promise<WorkbookFile> {
    const { record, compiled } = await this.records.withQuestionnaire(userId, id);
    const { subject, fileName } = this.records.policy.workbook;
    const identity = this.identityOf(record);
    const bytes = await workbookBytes(this.ctx, compiled, identity, record.answers, language, subject(record));
    return { fileName: fileName(record, language), bytes };
  }

  /**
   * Imports an answered workbook (refusals as `uploadedSheets` and `importWorkbook` say); a record
   * the caller may not read is 404 before the file is looked at.
   */
  async upload(caller: C, id: string, file: UploadedWorkbook, language: Language) {
    await this.records.find(caller.user.id, id);
    const upload = { ...(await uploadedSheets(file.bytes)), originalName: file.originalName };
    return this.records.replaceAnswers(caller, id, IMPORT_WORKBOOK, (record, compiled) =>
      importWorkbook(
        this.ctx,
        upload,
        { identity: this.identityOf(record), compiled, answers: record.answers },
        language,
      ),
    );
  }

  private identityOf(record: R) {
    const { id, version } = this.records.policy.pinnedTo(record);
    return { documentId: id, version };
  }
}
