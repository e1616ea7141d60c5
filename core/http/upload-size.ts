/** Shell §9: the upload-error check treats files over 100000 bytes as files of interest. */
export const UPLOAD_OF_INTEREST_BYTES = 100_000;

// a base64 data URL as RJSF's file widget writes it: data:<type>[;name=<file>];base64,<data>
const BASE64_DATA_URL = /data:[^,"'\s]*;base64,([A-Za-z0-9+/]*={0,2})/g;

/** Bytes of the largest file a text (a JSON body) carries as a base64 data URL; 0 when none. */
export function largestDataUrlBytes(text: string): number {
  let largest = 0;
  for (const match of text.matchAll(BASE64_DATA_URL)) {
    const data = match[1] ?? '';
    const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
    largest = Math.max(largest, Math.floor((data.length * 3) / 4) - padding);
  }
  return largest;
}
