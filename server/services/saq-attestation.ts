import { createHash } from 'node:crypto';
import type { ColorTypes, PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import type { Text } from '../../core/documents/document.types';
import type { Answers, QuestionnaireBody } from '../../core/questionnaire/questionnaire.types';
import { appendixRows, summarizeAnswers } from '../../core/saq/saq-summary';
import type { Language, Translator } from '../http/i18n';
import { unicodeFonts } from '../pdf/fonts';
import type { SaqRecord } from '../store/records.types';

/** What the attestation states besides the SAQ record itself. */
export interface AttestationFacts {
  saq: SaqRecord;
  body: QuestionnaireBody;
  merchantName: string;
  signedAt: Date;
  language: Language;
}

/** sha256 of the answers' canonical JSON (keys sorted): the PDF names exactly what was signed. */
export function answersDigest(answers: Answers): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.keys(value)
          .sort()
          .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
      );
    }
    return value;
  };
  return createHash('sha256')
    .update(JSON.stringify(canonical(answers)))
    .digest('hex');
}

const MARGIN = 50;
const WIDTH = 595.28; // A4
const HEIGHT = 841.89;

/** Near-black text (pdf-lib's `rgb(0.1, 0.1, 0.1)`, written out so pdf-lib loads only when a PDF is made). */
const INK = { type: 'RGB' as ColorTypes.RGB, red: 0.1, green: 0.1, blue: 0.1 };

/** Lines top to bottom over as many A4 pages as they need. */
class Writer {
  private page: PDFPage;
  private y = HEIGHT - MARGIN;
  private readonly encodable: Set<number>;

  constructor(
    private readonly pdf: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = pdf.addPage([WIDTH, HEIGHT]);
    this.encodable = new Set(font.getCharacterSet());
  }

  /** Text the font can draw: one line, any character without a glyph a question mark. */
  private plain(text: string): string {
    return [...text.replace(/[\r\n\t]+/g, ' ')]
      .map((char) => (this.encodable.has(char.codePointAt(0) ?? 0) ? char : '?'))
      .join('');
  }

  /** Words wrapped to the page width. */
  private wrap(text: string, font: PDFFont, size: number): string[] {
    const lines: string[] = [];
    let line = '';
    for (const word of this.plain(text).split(' ')) {
      const candidate = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(candidate, size) > WIDTH - 2 * MARGIN) {
        lines.push(line);
        line = word;
      } else line = candidate;
    }
    lines.push(line);
    return lines;
  }

  write(text: string, { size = 10, bold = false, gap = 4 } = {}): void {
    const font = bold ? this.bold : this.font;
    for (const line of this.wrap(text, font, size)) {
      if (this.y - size < MARGIN) {
        this.page = this.pdf.addPage([WIDTH, HEIGHT]);
        this.y = HEIGHT - MARGIN;
      }
      this.y -= size;
      this.page.drawText(line, { x: MARGIN, y: this.y, size, font, color: INK });
      this.y -= gap;
    }
  }

  space(points = 8): void {
    this.y -= points;
  }
}

/**
 * The Attestation of Compliance of a signed SAQ as a PDF: who attests what, under which standard
 * and questionnaire version, how the questions were answered (a count per response), the appendix
 * rows, and the sha256 of the answers signed.
 */
export async function renderAttestation(translator: Translator, facts: AttestationFacts): Promise<Buffer> {
  const { saq, body, merchantName, signedAt, language } = facts;
  const t = (key: string, values?: Record<string, string>) => translator.t(language, `saqAttestation.${key}`, values);
  const text = (value: Text) => (typeof value === 'string' ? translator.t(language, value) : value[language]);
  // pdf-lib and fontkit on first use: only the attestation job needs them
  const [{ PDFDocument }, { default: fontkit }] = await Promise.all([import('pdf-lib'), import('@pdf-lib/fontkit')]);
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const { regular, bold } = await unicodeFonts();
  const title = t('title', { type: saq.saqType });
  pdf.setTitle(title);
  pdf.setSubject(`PCI DSS ${saq.standardVersion ?? ''} SAQ ${saq.saqType}`);
  pdf.setAuthor(saq.signer?.name ?? '');
  pdf.setCreator('PCI DSS compliance');
  pdf.setKeywords([`sha256:${answersDigest(saq.answers)}`]);
  pdf.setCreationDate(signedAt);
  const writer = new Writer(
    pdf,
    await pdf.embedFont(regular, { subset: true }),
    await pdf.embedFont(bold, { subset: true }),
  );
  writer.write(title, { size: 16, bold: true, gap: 10 });
  const compliance = saq.compliance ? t(`compliance.${saq.compliance}`) : t('compliance.none');
  const facts_: [string, string][] = [
    ['merchant', merchantName],
    ['saqType', saq.saqType],
    ['standard', `PCI DSS ${saq.standardVersion ?? ''}`],
    ['document', `${saq.document.id} v${saq.document.version}`],
    ['questionnaire', text(body.title)],
    ['signer', `${saq.signer?.name ?? ''}, ${saq.signer?.title ?? ''}`],
    ['date', signedAt.toISOString().slice(0, 10)],
    ['compliance', compliance],
  ];
  for (const [key, value] of facts_) writer.write(`${t(`fields.${key}`)}: ${value}`);
  writer.space();
  writer.write(t('responses'), { size: 12, bold: true });
  const summary = summarizeAnswers(body, saq.answers);
  const labels = new Map(
    Object.values(body.responseSets).flatMap((set) => set.options.map((option) => [option.value, option.label])),
  );
  for (const [value, count] of Object.entries(summary.responses)) {
    const label = labels.get(value);
    writer.write(`${label ? text(label) : value}: ${count}`);
  }
  for (const { table, rows } of appendixRows(body, saq.answers)) {
    writer.space();
    writer.write(`${text(table.label)} (${rows.length})`, { size: 12, bold: true });
    for (const row of rows) {
      const cells = table.columns.map((column) => `${text(column.label)}: ${String(row[column.id] ?? '')}`);
      writer.write(`- ${cells.join('; ')}`);
    }
  }
  writer.space();
  writer.write(t('declaration', { signer: saq.signer?.name ?? '', merchant: merchantName }));
  writer.write(`${t('digest')}: ${answersDigest(saq.answers)}`, { size: 8 });
  return Buffer.from(await pdf.save());
}
