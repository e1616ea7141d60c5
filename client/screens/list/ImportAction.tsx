import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FileInput,
  HTMLTable,
  ProgressBar,
} from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import axios from 'axios';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListAction } from '../../../core/lists/list.types';
import { fileNameOf } from '../../../core/http/content-disposition';
import { MAX_IMPORT_BYTES } from '../../../core/resources/resource-import';
import { clientForPath, wbe } from '../../api/clients';
import { failureText } from '../../api/failureText';
import { resolveText } from '../../i18n/text';
import { saveBlob } from '../../lib/saveFile';
import { showToast } from '../../lib/toaster';
import { listKey } from './listQuery';
import { readAgain } from '../../lib/queryClient';

/**
 * One problem of a refused file, as the server words it (docs/gateway/wbe-resources.md 'CSV import'),
 * or one row of a service's per-row report (`status` accepted or refused; docs/gateway/tm.md 'Lists').
 */
interface RowProblem {
  line: number;
  column?: string;
  message?: string;
  row?: number;
  status?: 'accepted' | 'refused';
}

/** The problems of a 422 answer to an import, or null for any other failure. */
function rowProblems(error: unknown): RowProblem[] | null {
  if (!axios.isAxiosError(error) || error.response?.status !== 422) return null;
  const rows = (error.response.data as { rows?: unknown })?.rows;
  return Array.isArray(rows) ? (rows as RowProblem[]) : null;
}

/**
 * A list's toolbar `import` action: a dialog that takes a CSV file, offers the template, uploads the
 * file with a progress bar, and either says how many records arrived (and refetches the list) or
 * shows the server's problems line by line — nothing was stored then, so the user fixes the file and
 * sends it again.
 */
export function ImportAction({ action, listId }: { action: ListAction; listId: string }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problems, setProblems] = useState<RowProblem[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const resource = action.import?.resource ?? '';
  // a resource's generic import, or a service's own path (a report row by row)
  const target = action.import?.path
    ? clientForPath(action.import.path)
    : { client: wbe, url: `/resources/${encodeURIComponent(resource)}/import` };
  const path = target.url;
  const report = problems?.some((problem) => problem.status !== undefined) ?? false;
  const title = resolveText(action.title, t, i18n.language);

  const close = () => {
    setOpen(false);
    setFile(null);
    setProblems(null);
    setFailure(null);
  };

  /** The template: the header line as the list shows it, in the user's language. */
  const template = async () => {
    try {
      const answer = await target.client.get<Blob>(`${path}/template`, { responseType: 'blob' });
      const header = answer.headers['content-disposition'] as string | undefined;
      saveBlob(answer.data, fileNameOf(header) ?? `${resource || 'list'}-import.csv`);
    } catch (error) {
      void showToast(failureText(error, t, i18n), 'danger');
    }
  };

  const send = async () => {
    if (!file) return;
    setProblems(null);
    setFailure(null);
    if (file.size > MAX_IMPORT_BYTES) {
      setFailure(t('errors.importFileTooLarge'));
      return;
    }
    const form = new FormData();
    form.append('file', file, file.name);
    setProgress(0);
    try {
      const answer = await target.client.post<{ content: { imported: number; rows?: RowProblem[] } }>(path, form, {
        onUploadProgress: (event) => setProgress(event.total ? event.loaded / event.total : null),
      });
      void showToast(t('list.import.imported', { count: answer.data.content.imported }), 'success');
      await readAgain(queryClient, listKey(listId));
      // a per-row report stays open to be read; a plain count closes the dialog
      if (answer.data.content.rows) setProblems(answer.data.content.rows);
      else close();
    } catch (error) {
      const rows = rowProblems(error);
      if (rows) setProblems(rows);
      else setFailure(failureText(error, t, i18n));
    } finally {
      setProgress(null);
    }
  };

  return (
    <>
      <Button
        icon={(action.icon ?? 'import') as never}
        intent={action.intent ?? 'none'}
        text={title}
        onClick={() => setOpen(true)}
      />
      <Dialog isOpen={open} title={title} onClose={close} style={{ width: 'min(720px, 95vw)' }}>
        <DialogBody>
          <p>{t('list.import.help')}</p>
          <p>
            <Button
              variant="minimal"
              icon="download"
              text={t('list.import.template')}
              onClick={() => void template()}
            />
          </p>
          <FileInput
            fill
            hasSelection={file !== null}
            text={file?.name ?? t('list.import.choose')}
            buttonText={t('list.import.choose')}
            inputProps={{ accept: '.csv,text/csv', 'aria-label': t('list.import.choose') }}
            onInputChange={(event) => {
              setFile(event.currentTarget.files?.[0] ?? null);
              setProblems(null);
              setFailure(null);
            }}
          />
          {progress !== null && (
            <div role="status" className="list-view__progress">
              <span>{t('list.import.uploading')}</span>
              <ProgressBar intent="primary" value={progress ?? undefined} aria-label={t('list.import.uploading')} />
            </div>
          )}
          {failure && (
            <Callout intent="danger" className="list-view__import-failure">
              {failure}
            </Callout>
          )}
          {problems && (
            <Callout
              intent={problems.some((problem) => problem.status !== 'accepted') ? 'danger' : 'success'}
              className="list-view__import-failure"
            >
              <p>
                {problems.some((problem) => problem.status !== 'accepted')
                  ? t('list.import.failed')
                  : t('list.import.report')}
              </p>
              <HTMLTable compact striped aria-label={report ? t('list.import.report') : t('list.import.failed')}>
                <thead>
                  <tr>
                    {report && <th>{t('list.import.row')}</th>}
                    <th>{t('list.import.line')}</th>
                    {report && <th>{t('list.import.status')}</th>}
                    <th>{t('list.import.column')}</th>
                    <th>{t('list.import.problem')}</th>
                  </tr>
                </thead>
                <tbody>
                  {problems.map((problem) => (
                    <tr key={`${problem.line}:${problem.status}:${problem.column}:${problem.message}`}>
                      {report && <td>{problem.row}</td>}
                      <td>{problem.line}</td>
                      {report && <td>{problem.status ? t(`list.import.${problem.status}`) : ''}</td>}
                      <td>{problem.column}</td>
                      <td>{problem.message}</td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            </Callout>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('list.import.close')} onClick={close} />
              <Button
                intent="primary"
                icon="import"
                text={t('list.import.send')}
                disabled={!file}
                loading={progress !== null}
                onClick={() => void send()}
              />
            </>
          }
        />
      </Dialog>
    </>
  );
}
