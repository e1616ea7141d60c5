import { readFileSync } from 'node:fs';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { QuestionnaireBody } from '../../../core/questionnaire/questionnaire.types';
import { loadTranslator } from '../../../server/http/i18n';
import { answersDigest, renderAttestation } from '../../../server/services/saq-attestation';
import type { SaqRecord } from '../../../server/store/records.types';
import { pdfText } from '../../integration/support/saq-flow';

const body = (JSON.parse(readFileSync('schemas/saq/saq-a-4.0.1.json', 'utf8')) as { body: QuestionnaireBody }).body;
const saq: SaqRecord = {
  id: '00000000-0000-4000-8000-000000000000',
  userId: 'u',
  siteId: null,
  saqType: 'A',
  document: { id: 'saq-a-4.0.1', version: 3 },
  standardVersion: '4.0.1',
  status: 'pending',
  lastStep: null,
  answers: {
    req_2_2_2: 'notApplicable',
    req_3_1_1: 'inPlace',
    appendixC: [{ question: 'req_2_2_2', reason: 'Çağrı merkezi yok; ödeme sayfası dışarıda 🙂' }],
  },
  createdAt: '2026-11-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
  completedAt: '2026-11-01T00:00:00Z',
  missingAtCompletion: [],
  compliance: 'legalException',
  signer: { name: 'Şule Işık', title: 'Genel Müdür' },
};

describe('the attestation PDF', () => {
  it('prints Turkish letters with an embedded Unicode font (a subset), and a question mark where it has no glyph', async () => {
    const bytes = await renderAttestation(loadTranslator('locales'), {
      saq,
      body,
      merchantName: 'Örnek Ödeme Hizmetleri A.Ş. 中文',
      signedAt: new Date('2026-11-25T09:00:00Z'),
      language: 'tr',
    });
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe('SAQ A Uyumluluk Beyanı');
    expect(pdf.getKeywords()).toBe(`sha256:${answersDigest(saq.answers)}`);
    // DejaVu Sans and its bold embedded as TrueType subsets (pdf-lib suffixes a tag), no standard font
    const fonts = pdf.context
      .enumerateIndirectObjects()
      .map(([, object]) => object)
      .filter(
        (object): object is PDFDict =>
          object instanceof PDFDict && object.get(PDFName.of('Type')) === PDFName.of('FontDescriptor'),
      );
    expect(fonts.map((font) => String(font.get(PDFName.of('FontName'))))).toEqual([
      expect.stringMatching(/^\/DejaVuSans-\d+$/),
      expect.stringMatching(/^\/DejaVuSans-Bold-\d+$/),
    ]);
    for (const font of fonts) expect(font.get(PDFName.of('FontFile2'))).toBeDefined();
    expect(bytes.length).toBeLessThan(60_000); // subsets, not the 700 KB fonts
    const text = await pdfText(bytes);
    expect(text).toContain('Üye işyeri: Örnek Ödeme Hizmetleri A.Ş. ??');
    expect(text).toContain('İmzalayan: Şule Işık, Genel Müdür');
    expect(text).toContain('Çağrı merkezi yok; ödeme sayfası dışarıda ?');
    expect(text).toContain('Uyum durumu: Yasal istisnayla uyumlu');
    expect(text).toContain('Tarih: 2026-11-25');
    for (const letter of ['ş', 'ğ', 'ı', 'İ', 'ç', 'ö', 'ü', 'Ş', 'Ç', 'Ö', 'Ü']) expect(text).toContain(letter);
  }, 30000);

  it('digests the answers independently of key order', () => {
    expect(answersDigest({ a: 1, b: { c: [1, { d: 2, e: 3 }] } })).toBe(
      answersDigest({ b: { c: [1, { e: 3, d: 2 }] }, a: 1 }),
    );
    expect(answersDigest({ a: 1 })).not.toBe(answersDigest({ a: 2 }));
  });
});
