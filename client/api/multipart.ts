import type { AxiosInstance, AxiosResponse, Method } from 'axios';
import { progressToast } from '../lib/progressToast';

// a base64 data URL as RJSF's file widget writes it: data:<type>[;name=<encoded name>];base64,<data>
const DATA_URL = /^data:([^;,]*)((?:;[^;,=]+=[^;,]*)*);base64,([A-Za-z0-9+/]*={0,2})$/;

function decodedName(encoded: string | undefined): string {
  if (!encoded) return 'file';
  try {
    return decodeURIComponent(encoded);
  } catch {
    return encoded;
  }
}

/** The file a data URL holds, under the name it carries; null for any other text. */
export function fileOfDataUrl(value: string): File | null {
  const match = DATA_URL.exec(value);
  if (!match) return null;
  const [, type, parameters = '', data = ''] = match;
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return new File([bytes], decodedName(/;name=([^;]*)/.exec(parameters)?.[1]), {
    type: type || 'application/octet-stream',
  });
}

/** A form's values as multipart/form-data: file fields (data URLs) as file parts, the rest as text. */
export function multipartOf(values: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [field, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    const file = typeof value === 'string' ? fileOfDataUrl(value) : null;
    if (file) form.append(field, file, file.name);
    else form.append(field, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return form;
}

/**
 * Sends a form's values as multipart/form-data with a progress bar in a toast while the bytes go
 * out; a failed upload of a file of interest is logged by the service client (client/api/uploadLog.ts).
 */
export async function sendMultipart(
  client: AxiosInstance,
  request: { method: Method; url: string; values: Record<string, unknown> },
  title: string,
): Promise<AxiosResponse> {
  const toast = progressToast(title, 'upload');
  toast.update(0);
  try {
    return await client.request({
      method: request.method,
      url: request.url,
      data: multipartOf(request.values),
      onUploadProgress: (event) => toast.update(event.total ? event.loaded / event.total : undefined),
    });
  } finally {
    toast.close();
  }
}
