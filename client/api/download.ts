import type { AxiosProgressEvent } from 'axios';
import { fileNameOf } from '../../core/http/content-disposition';
import type { DownloadKind } from '../../core/lists/list.types';
import { i18next } from '../i18n/i18n';
import { type ProgressToast, progressToast } from '../lib/progressToast';
import { saveBlob } from '../lib/saveFile';
import { showToast } from '../lib/toaster';
import { clientForPath, wbe } from './clients';
import { failureOf } from './http';

/** What became of a download: saved, still being generated on the server (202), or failed. */
export type DownloadOutcome = 'saved' | 'generating' | 'failed';

const t = (key: string, values?: Record<string, unknown>) => i18next.t(key, values);

/** Shell §8 'Missing file name on download': reported to error tracking, then saved under the path's last part. */
function unnamed(path: string): string {
  void wbe
    .post('/user/log/error', {
      page_url: window.location.href.slice(0, 2048),
      endpoint: path.slice(0, 2048),
      error_reason: 'download without a file name (Content-Disposition)',
    })
    .catch(() => undefined);
  const last = path.split('?')[0]?.split('/').pop() || 'download';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** Progress of a long download: a toast with a bar once the answer comes in more than one piece. */
function progressOf(title: string) {
  let toast: ProgressToast | null = null;
  return {
    onDownloadProgress: (event: AxiosProgressEvent) => {
      if (!toast && event.progress === 1) return; // all of it at once: nothing to show
      toast ??= progressToast(title);
      toast.update(event.total ? event.loaded / event.total : undefined);
    },
    done: () => toast?.close(),
  };
}

/**
 * Downloads a file from a gateway path the way shell §7–§8 say: a 202 (a report still being
 * generated) shows 'reportGeneratedWarning'; a file is saved under its Content-Disposition name
 * (`filename*` first); a failure's `{ code, message }` is read from the JSON inside the blob answer
 * and shown translated as a warning, then the kind's failure toast ('Failed to download report',
 * or the Excel one). An 'excel' download also says when it starts and when it is saved.
 * Never throws: the outcome says what happened.
 */
export async function downloadFile(path: string, kind: DownloadKind = 'report'): Promise<DownloadOutcome> {
  const { client, url } = clientForPath(path);
  if (kind === 'excel') void showToast(t('download.excelStarted'), 'primary');
  const progress = progressOf(t('download.inProgress'));
  try {
    const answer = await client.get<Blob>(url, {
      responseType: 'blob',
      onDownloadProgress: progress.onDownloadProgress,
    });
    if (answer.status === 202) {
      void showToast(t('download.reportGeneratedWarning'), 'warning');
      return 'generating';
    }
    const header = answer.headers['content-disposition'] as string | undefined;
    saveBlob(answer.data, fileNameOf(header) ?? unnamed(path));
    if (kind === 'excel') void showToast(t('download.excelSucceeded'), 'success');
    return 'saved';
  } catch (error) {
    // the service client has read the failure out of the blob (client/api/http.ts)
    const failure = failureOf(error);
    if (failure) {
      // the catalogue's text in the user's language; the server's own message for a code it lacks
      const key = `errors.${failure.code}`;
      void showToast(i18next.exists(key) ? t(key) : failure.message || t('errors.somethingWentWrong'), 'warning');
    }
    void showToast(t(kind === 'excel' ? 'download.excelFailed' : 'download.reportFailed'), 'danger');
    return 'failed';
  } finally {
    progress.done();
  }
}
