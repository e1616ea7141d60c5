import { describe, expect, it } from 'vitest';
import { fileNameOf } from '../../../core/http/content-disposition';

describe('fileNameOf (Content-Disposition, RFC 6266 and RFC 5987)', () => {
  it('reads a token, a quoted string with escapes, and nothing without a name', () => {
    expect(fileNameOf('attachment; filename=report.xlsx')).toBe('report.xlsx');
    expect(fileNameOf('attachment; filename="mail report \\"May\\".xlsx"')).toBe('mail report "May".xlsx');
    expect(fileNameOf('attachment')).toBeNull();
    expect(fileNameOf('')).toBeNull();
    expect(fileNameOf(undefined)).toBeNull();
    expect(fileNameOf('attachment; filename=""')).toBeNull();
  });

  it('prefers filename* (UTF-8 or ISO-8859-1, percent-encoded) wherever it stands', () => {
    const turkish = 'E-posta gönderim raporu 2025-05.xlsx';
    expect(
      fileNameOf(
        `attachment; filename="E-posta gonderim raporu 2025-05.xlsx"; filename*=UTF-8''${encodeURIComponent(turkish)}`,
      ),
    ).toBe(turkish);
    expect(fileNameOf(`attachment; filename*=utf-8'tr'${encodeURIComponent(turkish)}; filename="x.xlsx"`)).toBe(
      turkish,
    );
    expect(fileNameOf("attachment; filename*=iso-8859-1'en'%A3%20rates.txt")).toBe('£ rates.txt');
  });

  it('falls back to filename when filename* cannot be decoded', () => {
    expect(fileNameOf("attachment; filename*=UTF-8''%E0%A4%A; filename=plain.txt")).toBe('plain.txt');
    expect(fileNameOf("attachment; filename*=koi8-r''%C1; filename=plain.txt")).toBe('plain.txt');
    expect(fileNameOf('attachment; filename*=no-quotes; filename=plain.txt')).toBe('plain.txt');
  });

  it('keeps only the last path segment and drops control characters', () => {
    expect(fileNameOf('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(fileNameOf(`attachment; filename*=UTF-8''${encodeURIComponent('..\\..\\boot.ini')}`)).toBe('boot.ini');
    expect(fileNameOf('attachment; filename="a\u0007b.txt"')).toBe('ab.txt');
    expect(fileNameOf('attachment; filename=".."')).toBeNull();
  });
});
