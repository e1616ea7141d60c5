import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { zipEntries } from '../../../server/workbook/zip-entries';
import { checkUnpackedSize } from '../../../server/workbook/zip-inflate';

// An upload is judged an xlsx by its zip directory (a zip listing xl/workbook.xml), and the sizes
// it declares are read before anything unpacks it.

async function xlsx(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Answers').getCell('A1').value = 'x'.repeat(10_000);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('zip directory', () => {
  it('lists an xlsx’s parts with the sizes they unpack to', async () => {
    const bytes = await xlsx();
    const entries = zipEntries(bytes);
    expect(entries?.map((entry) => entry.name)).toContain('xl/workbook.xml');
    const unpacked = entries?.reduce((sum, entry) => sum + entry.size, 0) ?? 0;
    // the repeated text packs small but unpacks to what it is
    expect(unpacked).toBeGreaterThan(10_000);
    expect(bytes.length).toBeLessThan(unpacked);
  });

  it('is null for what is no zip, or a zip cut short', async () => {
    expect(zipEntries(Buffer.from('%PDF-1.7\n'))).toBeNull();
    expect(zipEntries(Buffer.from('PK but nothing more'))).toBeNull();
    const bytes = await xlsx();
    expect(zipEntries(bytes.subarray(0, bytes.length - 30))).toBeNull();
  });
});

describe('unpacked size, counted by inflating', () => {
  it('passes an xlsx whose parts fit, and counts what they really unpack to against the cap', async () => {
    const bytes = await xlsx();
    const entries = zipEntries(bytes) ?? [];
    const declared = entries.reduce((sum, entry) => sum + entry.size, 0);
    expect(await checkUnpackedSize(bytes, entries, declared)).toBeNull();
    expect(await checkUnpackedSize(bytes, entries, declared - 1)).toBe('tooLarge');
  });

  it('refuses a directory that points where no entry is', async () => {
    const bytes = await xlsx();
    const entries = (zipEntries(bytes) ?? []).map((entry) => ({ ...entry, offset: entry.offset + 1 }));
    expect(await checkUnpackedSize(bytes, entries, 1 << 30)).toBe('unreadable');
  });
});
