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
import type { SaqService } from './saq.service';
import type { SaqView } from './saq-views';
import type { SaqCaller } from './saq-flow';

/**
 * The SAQ's offline workbook (issue 10 'Offline answering'): exported with the answers so far, and
 * an answered one imported — judged by the pinned questionnaire as typed answers are, applied all
 * together or not at all (server/workbook/workbook-import.ts; core/questionnaire/workbook*.ts).
 */
export class SaqWorkbookService {
  constructor(
    private readonly ctx: AppContext,
    private readonly saqs: SaqService,
  ) {}

  /** The caller's SAQ as a workbook in `language`, named after its type and standard version. */
  async download(userId: string, id: string, language: Language): Promise<WorkbookFile> {
    const { record, compiled } = await this.saqs.withQuestionnaire(userId, id);
    const standardVersion = record.standardVersion ?? '';
    const subject = `SAQ ${record.saqType} · PCI DSS ${standardVersion}`;
    const identity = { documentId: record.document.id, version: record.document.version };
    const bytes = await workbookBytes(this.ctx, compiled, identity, record.answers, language, subject);
    const type = record.saqType.replace(/[^A-Za-z0-9-]/g, '');
    const version = standardVersion.replace(/[^0-9.]/g, '');
    return { fileName: `SAQ-${type}-${version}-${language}.xlsx`, bytes };
  }

  /**
   * Imports an answered workbook (refusals as `uploadedSheets` and `importWorkbook` say). Nothing is
   * applied unless the whole file is valid; then the answers land as typed ones do
   * (SaqService.replaceAnswers) with one history entry.
   */
  async upload(
    caller: SaqCaller,
    id: string,
    file: UploadedWorkbook,
    language: Language,
  ): Promise<{ saq: SaqView; changed: number }> {
    // another user's SAQ is 404 before the file is looked at
    await this.saqs.withQuestionnaire(caller.user.id, id);
    const upload = { ...(await uploadedSheets(file.bytes)), originalName: file.originalName };
    return this.saqs.replaceAnswers(caller, id, IMPORT_WORKBOOK, (record, compiled) => {
      const identity = { documentId: record.document.id, version: record.document.version };
      return importWorkbook(this.ctx, upload, { identity, compiled, answers: record.answers }, language);
    });
  }
}
