import type { AxiosError, AxiosInstance } from 'axios';
import { largestDataUrlBytes, UPLOAD_OF_INTEREST_BYTES } from '../../core/http/upload-size';

/** What POST /wbe/api/user/log/error/file_upload takes (shell §7). */
export interface UploadFailure {
  page_url: string;
  endpoint: string;
  error_reason: string;
}

/** Bytes of the largest file a request body carries: a Blob or File (also in FormData), or a data URL in JSON. */
export function largestFileIn(body: unknown): number {
  if (typeof body === 'string') return largestDataUrlBytes(body);
  if (typeof Blob !== 'undefined' && body instanceof Blob) return body.size;
  if (body instanceof ArrayBuffer) return body.byteLength;
  if (typeof FormData !== 'undefined' && body instanceof FormData) {
    let largest = 0;
    for (const value of body.values()) {
      largest = Math.max(largest, typeof value === 'string' ? largestDataUrlBytes(value) : value.size);
    }
    return largest;
  }
  return 0;
}

/** The failure of a request that carried a file of interest (over 100000 bytes, shell §9), as the log takes it. */
export function uploadFailureOf(error: AxiosError<{ code?: string }>): UploadFailure | null {
  const { config } = error;
  if (!config) return null;
  const endpoint = `${config.baseURL ?? ''}${config.url ?? ''}`;
  // the log itself carries no file, and a failure to log is not shown (shell §8 'Upload-log failure')
  if (endpoint.includes('/user/log/error')) return null;
  const bytes = largestFileIn(config.data);
  if (bytes <= UPLOAD_OF_INTEREST_BYTES) return null;
  const status = error.response?.status;
  const answer = status
    ? `${status} ${error.response?.data?.code ?? ''}`.trim()
    : `no answer (${error.code ?? error.message})`;
  return {
    page_url: window.location.href.slice(0, 2048),
    endpoint: endpoint.slice(0, 2048),
    error_reason: `${(config.method ?? 'get').toUpperCase()} failed: ${answer}; largest file ${bytes} bytes`.slice(
      0,
      4000,
    ),
  };
}

/**
 * Shell §7: when a request carrying a file of interest fails, POST /user/log/error/file_upload
 * tells the web backend (page, endpoint, reason). Installed on every service client; best effort.
 */
export function logFailedUploads(clients: AxiosInstance[], log: AxiosInstance): void {
  for (const client of clients) {
    client.interceptors.response.use(undefined, (error: AxiosError<{ code?: string }>) => {
      const failure = uploadFailureOf(error);
      if (failure) void log.post('/user/log/error/file_upload', failure).catch(() => undefined);
      return Promise.reject(error);
    });
  }
}
