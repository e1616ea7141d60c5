import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { sniffFile } from '../../../core/files/sniff';

const bytes = (text: string) => new TextEncoder().encode(text);

async function zipWith(name: string, data: string, streamed = false): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file(name, data);
  return zip.generateAsync({ type: 'uint8array', streamFiles: streamed, compression: 'DEFLATE' });
}

describe('sniffFile: the kind of a file by its content', () => {
  it('knows PDF, PNG and JPEG by their signatures', () => {
    expect(sniffFile(bytes('%PDF-1.7\n%âãÏÓ\n1 0 obj'))).toBe('pdf');
    expect(sniffFile(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]))).toBe('png');
    expect(sniffFile(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]))).toBe('jpeg');
  });

  it('tells an XLSX from a DOCX by the package parts, and refuses any other zip', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('One').addRow(['a', 1]);
    expect(sniffFile(new Uint8Array(await workbook.xlsx.writeBuffer()))).toBe('xlsx');
    expect(sniffFile(await zipWith('word/document.xml', '<w:document/>'))).toBe('docx');
    expect(sniffFile(await zipWith('word/document.xml', '<w:document/>', true))).toBe('docx');
    expect(sniffFile(await zipWith('payload.exe', 'MZ'))).toBeNull();
  });

  it('reads clean UTF-8 text as CSV when its lines split evenly, else as TXT', () => {
    expect(sniffFile(bytes('name,url\nAcme,https://acme.test\nBeta,https://beta.test\n'))).toBe('csv');
    expect(sniffFile(bytes('ad;soyad\nAyşe;Yılmaz\n'))).toBe('csv');
    expect(sniffFile(bytes('Our policy is reviewed yearly.\nSigned, the CISO'))).toBe('txt');
  });

  it('refuses executables, binary junk, empty files and text with control characters, whatever the name', () => {
    expect(sniffFile(bytes('MZ\u0090\u0000\u0003'))).toBeNull();
    expect(sniffFile(new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]))).toBeNull();
    expect(sniffFile(new Uint8Array([0xc3, 0x28, 0xa0, 0xa1]))).toBeNull();
    expect(sniffFile(new Uint8Array())).toBeNull();
    expect(sniffFile(bytes('hello\u0000world'))).toBeNull();
  });
});
