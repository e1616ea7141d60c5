/**
 * The file name a download is saved under, from its Content-Disposition header (RFC 6266):
 * `filename*` (RFC 5987: `charset'language'percent-encoded`, UTF-8 or ISO-8859-1) wins over
 * `filename` (a token or a quoted string). Folders and control characters are dropped, since the
 * name comes from the network. Null when the header names no usable file.
 */
export function fileNameOf(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /(?:^|;)\s*filename\*\s*=\s*([^;]*)/i.exec(header)?.[1];
  const decoded = extended === undefined ? null : decodeExtended(extended.trim());
  if (decoded) {
    const name = safeName(decoded);
    if (name) return name;
  }
  const plain = /(?:^|;)\s*filename\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/i.exec(header)?.[1]?.trim();
  if (!plain) return null;
  return safeName(plain.startsWith('"') ? plain.slice(1, -1).replace(/\\(.)/g, '$1') : plain);
}

/** `UTF-8''na%C3%AFve.txt` → `naïve.txt`; null for another charset or a malformed escape. */
function decodeExtended(value: string): string | null {
  const parts = /^([A-Za-z0-9!#$%&+^_`{}~-]+)'[^']*'(.*)$/.exec(value);
  if (!parts) return null;
  const [, charset = '', encoded = ''] = parts;
  try {
    if (charset.toLowerCase() === 'utf-8') return decodeURIComponent(encoded);
    if (charset.toLowerCase() === 'iso-8859-1') {
      if (/%(?![0-9A-Fa-f]{2})/.test(encoded)) return null;
      return encoded.replace(/%([0-9A-Fa-f]{2})/g, (_whole, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      );
    }
  } catch {
    // a malformed UTF-8 escape
  }
  return null;
}

function safeName(name: string): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const base = (name.split(/[/\\]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return base && base !== '.' && base !== '..' ? base : null;
}
