import type { Text } from '../../core/documents/document.types';
import { workbookModel } from '../../core/questionnaire/workbook';
import { readWorkbook, workbookIdentity } from '../../core/questionnaire/workbook-read';
import type { ReadSheet, WorkbookProblem, WorkbookTranslate } from '../../core/questionnaire/workbook.types';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import type { Language } from '../http/i18n';
import { readWorkbookFile, writeWorkbook } from '../workbook/workbook-xlsx';
import { zipEntries } from '../workbook/zip-entries';
import type { SaqService, SaqView } from './saq.service';
import type { SaqCaller } from './saq-flow';

/** The largest workbook accepted (the upload's cap) and what its parts may unpack to. */
export const MAX_WORKBOOK_BYTES = 5 * 1024 * 1024;
const MAX_UNPACKED_BYTES = 60 * 1024 * 1024;

/** The history action of an import (hist.saq). */
export const IMPORT_WORKBOOK = 'importWorkbook';

/** A file to download. */
export interface WorkbookFile {
  fileName: string;
  bytes: Buffer;
}

/** An uploaded file as the gateway read it. */
export interface UploadedWorkbook {
  originalName: string;
  bytes: Buffer;
}

/** A workbook problem as the client shows it: the message in the caller's language. */
export type WorkbookProblemView = Omit<WorkbookProblem, 'message'> & { message: string };

/** A name for the history line: printable, short. */
const shownName = (name: string) =>
  Array.from(name.normalize('NFC'))
    .filter((char) => char >= ' ' && char !== '\u007f')
    .join('')
    .slice(0, 100) || 'workbook.xlsx';

/**
 * The SAQ's offline workbook (issue 10 'Offline answering'): exported with the answers so far, and
 * an answered one imported — judged by the pinned questionnaire as typed answers are, applied all
 * together or not at all (core/questionnaire/workbook*.ts; the xlsx IO in server/workbook/).
 */
export class SaqWorkbookService {
  constructor(
    private readonly ctx: AppContext,
    private readonly saqs: SaqService,
  ) {}

  private readonly t: WorkbookTranslate = (language, key, values) => this.ctx.translator.t(language, key, values);

  /** The caller's SAQ as a workbook in `language`, named after its type and standard version. */
  async download(userId: string, id: string, language: Language): Promise<WorkbookFile> {
    const { record, compiled } = await this.saqs.withQuestionnaire(userId, id);
    const standardVersion = record.standardVersion ?? '';
    const subject = `SAQ ${record.saqType} · PCI DSS ${standardVersion}`;
    const identity = { documentId: record.document.id, version: record.document.version };
    const model = workbookModel(compiled, identity, record.answers, language, this.t, subject);
    const type = record.saqType.replace(/[^A-Za-z0-9-]/g, '');
    const version = standardVersion.replace(/[^0-9.]/g, '');
    return { fileName: `SAQ-${type}-${version}-${language}.xlsx`, bytes: await writeWorkbook(model) };
  }

  /**
   * Imports an answered workbook: 415 `workbookNotXlsx` for anything but an xlsx (a zip holding
   * xl/workbook.xml), 413 `workbookTooLarge` when it unpacks to more than we read, 422
   * `workbookUnreadable`, `workbookNotOurs` (no Read me identity), `workbookOtherDocument` (another
   * questionnaire or version than the SAQ's), `workbookInvalid` with every problem by sheet and
   * cell. Nothing is applied unless the whole file is valid; then the answers land as typed ones do
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
    const sheets = await this.sheetsOf(file.bytes);
    const identity = workbookIdentity(sheets);
    if (!identity) throw new AppError(422, 'workbookNotOurs');
    return this.saqs.replaceAnswers(caller, id, IMPORT_WORKBOOK, (record, compiled) => {
      if (identity.documentId !== record.document.id || identity.version !== record.document.version) {
        throw new AppError(422, 'workbookOtherDocument', undefined, { workbook: identity, saq: record.document });
      }
      const reading = readWorkbook(compiled, sheets, record.answers, this.t);
      if (reading.problems.length > 0) {
        throw new AppError(422, 'workbookInvalid', undefined, {
          problems: reading.problems.map((problem) => ({ ...problem, message: this.text(problem.message, language) })),
        });
      }
      const comment = this.t(language, 'workbook.history', {
        count: String(reading.changed.length),
        file: shownName(file.originalName),
      });
      return { answers: reading.answers, changed: reading.changed.length, comment };
    });
  }

  /** The sheets of an xlsx, checked by content first (never by its name or declared type). */
  private async sheetsOf(bytes: Buffer): Promise<ReadSheet[]> {
    const entries = zipEntries(bytes);
    if (!entries?.some((entry) => entry.name === 'xl/workbook.xml')) throw new AppError(415, 'workbookNotXlsx');
    if (entries.reduce((sum, entry) => sum + entry.size, 0) > MAX_UNPACKED_BYTES)
      throw new AppError(413, 'workbookTooLarge');
    try {
      return await readWorkbookFile(bytes);
    } catch {
      throw new AppError(422, 'workbookUnreadable');
    }
  }

  private text(message: Text, language: Language): string {
    return typeof message === 'string' ? this.ctx.translator.t(language, message) : message[language];
  }
}
