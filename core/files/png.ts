/**
 * PNG images judged by their decoded header, never by name or declared type (domain §5 'Report
 * template images: PNG, minimum resolution, maximum size'): the 8-byte signature, then the IHDR chunk
 * that must come first and carries the width and height.
 */

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export interface PngHeader {
  width: number;
  height: number;
}

/** The image's size from its IHDR chunk, or null when the bytes are not a PNG. */
export function readPngHeader(bytes: Uint8Array): PngHeader | null {
  if (bytes.length < 33 || SIGNATURE.some((byte, index) => bytes[index] !== byte)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // the first chunk: length 13, type "IHDR", then width and height (big-endian)
  const type = String.fromCharCode(bytes[12], bytes[13], bytes[14], bytes[15]);
  if (view.getUint32(8) !== 13 || type !== 'IHDR') return null;
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  if (width === 0 || height === 0) return null;
  return { width, height };
}

/** What an image of one slot must be. */
export interface PngLimits {
  minWidth: number;
  minHeight: number;
  /** Guards the renderer against images that decode to huge bitmaps. */
  maxWidth: number;
  maxHeight: number;
  maxBytes: number;
}

export type PngProblem = 'notPng' | 'tooSmall' | 'tooLarge';

/** Why the bytes cannot be the image (the first problem found), or null when they can. */
export function pngProblem(bytes: Uint8Array, limits: PngLimits): PngProblem | null {
  if (bytes.length > limits.maxBytes) return 'tooLarge';
  const header = readPngHeader(bytes);
  if (!header) return 'notPng';
  if (header.width < limits.minWidth || header.height < limits.minHeight) return 'tooSmall';
  if (header.width > limits.maxWidth || header.height > limits.maxHeight) return 'tooLarge';
  return null;
}
