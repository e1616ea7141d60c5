import type { ConfigDocument } from '../../../core/documents/document.types';
import type { Answers, QuestionnaireBody } from '../../../core/questionnaire/questionnaire.types';
import { contentOrSelf } from '../../api/content';
import { gatewayClients } from '../../api/gateway';
import { queryClient } from '../../lib/queryClient';
import { startBootRead, takeBootRead } from '../../runtime/bootReads';
import { fillSourcePath } from '../../../core/pages/page.utils';

/** A server record a questionnaire answers (RecordQuestionnaire): the pinned version and the answers. */
export interface AnswerRecord {
  document: { id: string; version: number };
  answers?: Answers;
  lastStep?: string | null;
  status?: string;
}

const bootKey = (sourcePath: string) => `questionnaire-record:${sourcePath}`;

async function fetchRecord(sourcePath: string): Promise<AnswerRecord> {
  const { client, url } = (await gatewayClients()).clientForPath(sourcePath);
  return contentOrSelf<AnswerRecord>((await client.get(url)).data);
}

/** The record at `sourcePath`: the one the boot started reading, else read now. */
export function readRecord(sourcePath: string): Promise<AnswerRecord> {
  return takeBootRead<AnswerRecord>(bootKey(sourcePath)) ?? fetchRecord(sourcePath);
}

/**
 * One version of `questionnaire/<documentId>`: what a saved questionnaire was started on (its
 * answers keep meaning what they meant then). A published version never changes, so it is read once.
 */
export function questionnaireVersionQuery(documentId: string, version: number | undefined) {
  return {
    queryKey: ['config', 'questionnaire', documentId, version] as const,
    queryFn: async () => {
      const { config } = await gatewayClients();
      return contentOrSelf<ConfigDocument<QuestionnaireBody>>(
        (await config.get(`/documents/questionnaire/${encodeURIComponent(documentId)}/versions/${version}`)).data,
      );
    },
    staleTime: Number.POSITIVE_INFINITY,
  };
}

/**
 * The first page of a visit is a questionnaire on a record: the record is asked for with the
 * screen's chunks and, once in, the version it pins — not one after the other behind the shell.
 */
export function startRecordRead(sourcePath: string): void {
  const record = startBootRead(bootKey(sourcePath), () => fetchRecord(sourcePath));
  void record?.then(
    ({ document }) => queryClient.prefetchQuery(questionnaireVersionQuery(document.id, document.version)),
    () => undefined,
  );
}

/** The same for a route's `source` path filled with its parameters (none when a parameter is missing). */
export function startRecordReadAt(source: string, params: Record<string, string>): void {
  const record = fillSourcePath(source, params);
  if (record) startRecordRead(record);
}
