import type { Text } from '../../core/documents/document.types';
import type { CompiledQuestionnaire } from '../../core/questionnaire/questionnaire';
import type { Answers } from '../../core/questionnaire/questionnaire.types';
import { workbookModel } from '../../core/questionnaire/workbook';
import { readWorkbook, workbookIdentity } from '../../core/questionnaire/workbook-read';
import type {
  ReadSheet,
  WorkbookIdentity,
  WorkbookProblem,
  WorkbookTranslate,
} from '../../core/questionnaire/workbook.types';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import type { Language } from '../http/i18n';
import { readWorkbookFile, writeWorkbook } from './workbook-xlsx';
import { zipEntries } from './zip-entries';
import { checkUnpackedSize } from './zip-inflate';

/**
 * What the SAQ's and the assessment's offline workbooks share (issue 10 'Offline answering'): the
 * file written from a pinned questionnaire and its answers, and an uploaded file read, checked by
 * content and judged against the same questionnaire — all of it or nothing.
 */

/** The largest workbook accepted (the upload's cap) and what its parts may really unpack to. */
export const MAX_WORKBOOK_BYTES = 5 * 1024 * 1024;
export const MAX_UNPACKED_BYTES = 60 * 1024 * 1024;

/** The history action of an import (an SAQ's and an assessment's history). */
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

/** What an accepted workbook does: the answers after it, how many changed, the history line. */
export interface WorkbookImport {
  answers: Answers;
  changed: string[];
  comment: string;
}

/** A name for the history line: printable, short. */
const shownName = (name: string) =>
  Array.from(name.normalize('NFC'))
    .filter((char) => char >= ' ' && char !== '\u007f')
    .join('')
    .slice(0, 100) || 'workbook.xlsx';

/** The workbook's UI texts in a language (locales `workbook.*`). */
export function workbookTranslate(ctx: AppContext): WorkbookTranslate {
  return (language, key, values) => ctx.translator.t(language, key, values);
}

/** A pinned questionnaire with its answers so far as .xlsx bytes in `language`. */
export function workbookBytes(
  ctx: AppContext,
  compiled: CompiledQuestionnaire,
  identity: WorkbookIdentity,
  answers: Answers,
  language: Language,
  subject: string,
): Promise<Buffer> {
  return writeWorkbook(workbookModel(compiled, identity, answers, language, workbookTranslate(ctx), subject));
}

/**
 * The sheets of an uploaded xlsx and the questionnaire version it says it belongs to, checked by
 * content first (never by its name or declared type): 415 `workbookNotXlsx` for anything but a zip
 * holding xl/workbook.xml, 413 `workbookUnpacksTooLarge` when it really unpacks to more than we
 * read (counted by inflating, before exceljs sees it), 422 `workbookUnreadable`, 422
 * `workbookNotOurs` without a Read me identity.
 */
export async function uploadedSheets(bytes: Buffer): Promise<{ sheets: ReadSheet[]; identity: WorkbookIdentity }> {
  const entries = zipEntries(bytes);
  if (!entries?.some((entry) => entry.name === 'xl/workbook.xml')) throw new AppError(415, 'workbookNotXlsx');
  const refusal = await checkUnpackedSize(bytes, entries, MAX_UNPACKED_BYTES);
  if (refusal === 'tooLarge') throw new AppError(413, 'workbookUnpacksTooLarge');
  if (refusal === 'unreadable') throw new AppError(422, 'workbookUnreadable');
  let sheets: ReadSheet[];
  try {
    sheets = await readWorkbookFile(bytes);
  } catch {
    throw new AppError(422, 'workbookUnreadable');
  }
  const identity = workbookIdentity(sheets);
  if (!identity) throw new AppError(422, 'workbookNotOurs');
  return { sheets, identity };
}

/**
 * Judges an uploaded workbook against the pinned questionnaire and the answers stored now: 422
 * `workbookOtherDocument` for another questionnaire or version (details: both), 422
 * `workbookInvalid` with every problem by sheet and cell in `language`; else the answers after it.
 */
export function importWorkbook(
  ctx: AppContext,
  upload: { sheets: ReadSheet[]; identity: WorkbookIdentity; originalName: string },
  pinned: { identity: WorkbookIdentity; compiled: CompiledQuestionnaire; answers: Answers },
  language: Language,
): WorkbookImport {
  const { identity } = upload;
  if (identity.documentId !== pinned.identity.documentId || identity.version !== pinned.identity.version) {
    throw new AppError(422, 'workbookOtherDocument', undefined, { workbook: identity, questionnaire: pinned.identity });
  }
  const t = workbookTranslate(ctx);
  const reading = readWorkbook(pinned.compiled, upload.sheets, pinned.answers, t);
  if (reading.problems.length > 0) {
    const text = (message: Text) => (typeof message === 'string' ? t(language, message) : message[language]);
    const problems: WorkbookProblemView[] = reading.problems.map((problem) => ({
      ...problem,
      message: text(problem.message),
    }));
    throw new AppError(422, 'workbookInvalid', undefined, { problems });
  }
  const comment = t(language, 'workbook.history', {
    count: String(reading.changed.length),
    file: shownName(upload.originalName),
  });
  return { answers: reading.answers, changed: reading.changed, comment };
}
