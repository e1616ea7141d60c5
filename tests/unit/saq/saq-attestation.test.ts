import { readFileSync } from 'node:fs';
import { PDFDocument } from 'pdf-lib';
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
  it('renders Turkish text and characters outside the standard fonts without failing, over the pages it needs', async () => {
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
    const text = pdfText(bytes);
    // the standard fonts' WinAnsi has Ö and Ü but not ş, ı, İ, ğ: those lose their marks, the rest is '?'
    expect(text).toContain('Üye isyeri: Örnek Ödeme Hizmetleri A.S. ??');
    expect(text).toContain('Imzalayan: Sule Isik, Genel Müdür');
    expect(text).toContain('Çagri merkezi yok; ödeme sayfasi disarida ?');
    expect(text).toContain('Uyum durumu: Yasal istisnayla uyumlu');
    expect(text).toContain('Tarih: 2026-11-25');
  });

  it('digests the answers independently of key order', () => {
    expect(answersDigest({ a: 1, b: { c: [1, { d: 2, e: 3 }] } })).toBe(
      answersDigest({ b: { c: [1, { e: 3, d: 2 }] }, a: 1 }),
    );
    expect(answersDigest({ a: 1 })).not.toBe(answersDigest({ a: 2 }));
  });
});
