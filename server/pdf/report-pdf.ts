import type { PDFDocument, PDFFont, PDFImage, PDFPage, RGB } from 'pdf-lib';
import { unicodeFonts } from './fonts';

/** How a report template dresses every page (its record and its two images). */
export interface TemplateLook {
  title: string;
  pageHeader?: string;
  /** `#rrggbb` */
  titleColor?: string;
  pageNumberColor?: string;
  banner?: Buffer;
  footer?: Buffer;
  /** `Page {{page}} of {{pages}}` in the template's language. */
  pageLabel: (page: number, pages: number) => string;
}

export interface TableColumn {
  title: string;
  /** Share of the text width, 0–1. */
  width: number;
  /** Long texts wrap onto up to three lines (names, titles) instead of being cut. */
  wrap?: boolean;
}

export interface Bar {
  label: string;
  value: number;
  /** `#rrggbb` */
  color: string;
}

const WIDTH = 595.28; // A4
const HEIGHT = 841.89;
const MARGIN = 48;
const TEXT_WIDTH = WIDTH - 2 * MARGIN;
const FOOTER_SPACE = 60;
const INK = '#1f2933';
const MUTED = '#616e7c';

type PdfLib = typeof import('pdf-lib');

/**
 * A report PDF drawn with pdf-lib: real text in an embedded Unicode font (searchable, Turkish letters
 * right), charts as vector shapes. The template's banner, title and page header open the first page;
 * every page carries the page header, the footer image and its number in the template's colour.
 */
export class ReportPdf {
  private page!: PDFPage;
  private y = 0;

  private constructor(
    private readonly lib: PdfLib,
    private readonly pdf: PDFDocument,
    private readonly look: TemplateLook,
    private readonly fonts: { regular: PDFFont; bold: PDFFont },
    private readonly images: { banner?: PDFImage; footer?: PDFImage },
  ) {}

  /** A new document with its first page begun (banner, title, subtitle). */
  static async create(look: TemplateLook, subtitle: string, now: Date): Promise<ReportPdf> {
    // pdf-lib and fontkit on first use: only report jobs and previews need them
    const [lib, { default: fontkit }] = await Promise.all([import('pdf-lib'), import('@pdf-lib/fontkit')]);
    const pdf = await lib.PDFDocument.create();
    pdf.registerFontkit(fontkit);
    pdf.setTitle(look.title);
    pdf.setSubject(subtitle);
    pdf.setCreator('PCI DSS compliance');
    pdf.setCreationDate(now);
    const { regular, bold } = await unicodeFonts();
    const fonts = {
      regular: await pdf.embedFont(regular, { subset: true }),
      bold: await pdf.embedFont(bold, { subset: true }),
    };
    const images = {
      banner: look.banner ? await pdf.embedPng(look.banner) : undefined,
      footer: look.footer ? await pdf.embedPng(look.footer) : undefined,
    };
    const report = new ReportPdf(lib, pdf, look, fonts, images);
    report.newPage();
    report.opening(subtitle);
    return report;
  }

  private color(hex: string | undefined, fallback: string): RGB {
    const value = /^#[0-9a-fA-F]{6}$/.test(hex ?? '') ? (hex as string) : fallback;
    const channel = (at: number) => Number.parseInt(value.slice(at, at + 2), 16) / 255;
    return this.lib.rgb(channel(1), channel(3), channel(5));
  }

  private newPage(): void {
    this.page = this.pdf.addPage([WIDTH, HEIGHT]);
    this.y = HEIGHT - MARGIN;
    if (this.look.pageHeader) {
      this.page.drawText(this.fit(this.look.pageHeader, this.fonts.regular, 9, TEXT_WIDTH), {
        x: MARGIN,
        y: HEIGHT - 28,
        size: 9,
        font: this.fonts.regular,
        color: this.color(MUTED, MUTED),
      });
    }
  }

  /** The banner across the text width (at most 110 points high), then the title and the subtitle. */
  private opening(subtitle: string): void {
    const { banner } = this.images;
    if (banner) {
      const scaled = banner.scale(Math.min(TEXT_WIDTH / banner.width, 110 / banner.height));
      this.y -= scaled.height;
      this.page.drawImage(banner, { x: MARGIN, y: this.y, width: scaled.width, height: scaled.height });
      this.y -= 18;
    }
    this.lines(this.look.title, { size: 20, bold: true, color: this.color(this.look.titleColor, INK) });
    this.y -= 4;
    this.lines(subtitle, { size: 10, color: this.color(MUTED, MUTED) });
    this.y -= 10;
  }

  /** Room for `points` more on this page, else a new one. */
  private ensure(points: number): void {
    if (this.y - points < MARGIN + FOOTER_SPACE) this.newPage();
  }

  /** The longest prefix of `text` that fits `width`, with an ellipsis when cut. */
  private fit(text: string, font: PDFFont, size: number, width: number): string {
    if (font.widthOfTextAtSize(text, size) <= width) return text;
    let end = text.length;
    while (end > 0 && font.widthOfTextAtSize(`${text.slice(0, end)}…`, size) > width) end -= 1;
    return `${text.slice(0, end)}…`;
  }

  /** Words wrapped to `width` (the text width by default). */
  private wrap(text: string, font: PDFFont, size: number, width = TEXT_WIDTH): string[] {
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(next, size) > width) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    if (line) lines.push(line);
    return lines;
  }

  private lines(text: string, options: { size?: number; bold?: boolean; color?: RGB } = {}): void {
    const size = options.size ?? 10;
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    for (const line of this.wrap(text, font, size)) {
      this.ensure(size + 4);
      this.y -= size + 2;
      this.page.drawText(line, { x: MARGIN, y: this.y, size, font, color: options.color ?? this.color(INK, INK) });
      this.y -= 2;
    }
  }

  heading(text: string): void {
    this.ensure(40);
    this.y -= 10;
    this.lines(text, { size: 13, bold: true, color: this.color(this.look.titleColor, INK) });
    this.y -= 4;
  }

  paragraph(text: string): void {
    this.lines(text);
    this.y -= 4;
  }

  /** A table with a bold header row repeated on each new page; cells cut to their column, or wrapped in `wrap` columns. */
  table(columns: TableColumn[], rows: string[][]): void {
    const size = 9;
    const lineHeight = size + 2;
    const padding = 5;
    const cellLines = (cells: string[], font: PDFFont) =>
      columns.map((column, index) => {
        const width = column.width * TEXT_WIDTH - 6;
        const text = cells[index] ?? '';
        if (!column.wrap) return [this.fit(text, font, size, width)];
        const lines = this.wrap(text, font, size, width);
        const kept = lines.slice(0, 3);
        if (lines.length > 3) kept[2] = this.fit(`${kept[2]} ${lines.slice(3).join(' ')}`, font, size, width);
        return kept.map((line) => this.fit(line, font, size, width));
      });
    const heightOf = (lines: string[][]) => Math.max(1, ...lines.map((cell) => cell.length)) * lineHeight + padding;
    const drawRow = (lines: string[][], bold: boolean) => {
      const font = bold ? this.fonts.bold : this.fonts.regular;
      const height = heightOf(lines);
      let x = MARGIN;
      columns.forEach((column, index) => {
        (lines[index] ?? []).forEach((line, at) => {
          this.page.drawText(line, {
            x,
            y: this.y - size - at * lineHeight,
            size,
            font,
            color: this.color(INK, INK),
          });
        });
        x += column.width * TEXT_WIDTH;
      });
      this.y -= height;
      this.page.drawLine({
        start: { x: MARGIN, y: this.y + 3 },
        end: { x: MARGIN + TEXT_WIDTH, y: this.y + 3 },
        thickness: bold ? 0.8 : 0.3,
        color: this.color(MUTED, MUTED),
      });
    };
    const header = cellLines(
      columns.map((column) => column.title),
      this.fonts.bold,
    );
    this.ensure(heightOf(header) * 2);
    drawRow(header, true);
    for (const row of rows) {
      const lines = cellLines(row, this.fonts.regular);
      if (this.y - heightOf(lines) < MARGIN + FOOTER_SPACE) {
        this.newPage();
        drawRow(header, true);
      }
      drawRow(lines, false);
    }
    this.y -= 8;
  }

  /** A horizontal bar chart drawn with rectangles and lines (vector, not an image), values at the bars' ends. */
  barChart(bars: Bar[]): void {
    const barHeight = 14;
    const gap = 6;
    const labelWidth = 150;
    const plotWidth = TEXT_WIDTH - labelWidth - 40;
    const height = bars.length * (barHeight + gap) + gap;
    this.ensure(height + 10);
    const top = this.y;
    const largest = Math.max(1, ...bars.map((bar) => bar.value));
    const axis = this.color(MUTED, MUTED);
    this.page.drawLine({
      start: { x: MARGIN + labelWidth, y: top },
      end: { x: MARGIN + labelWidth, y: top - height },
      thickness: 0.8,
      color: axis,
    });
    bars.forEach((bar, index) => {
      const y = top - gap - (index + 1) * barHeight - index * gap;
      const font = this.fonts.regular;
      this.page.drawText(this.fit(bar.label, font, 9, labelWidth - 8), {
        x: MARGIN,
        y: y + 3,
        size: 9,
        font,
        color: this.color(INK, INK),
      });
      const width = (bar.value / largest) * plotWidth;
      if (width > 0) {
        this.page.drawRectangle({
          x: MARGIN + labelWidth,
          y,
          width,
          height: barHeight,
          color: this.color(bar.color, INK),
        });
      }
      this.page.drawText(String(bar.value), {
        x: MARGIN + labelWidth + width + 4,
        y: y + 3,
        size: 9,
        font,
        color: this.color(INK, INK),
      });
    });
    this.y = top - height - 12;
  }

  /** Every page's footer image and number, then the file. */
  async save(): Promise<Buffer> {
    const pages = this.pdf.getPages();
    const { footer } = this.images;
    pages.forEach((page, index) => {
      if (footer) {
        const scaled = footer.scale(Math.min(TEXT_WIDTH / 2 / footer.width, 36 / footer.height));
        page.drawImage(footer, { x: MARGIN, y: 22, width: scaled.width, height: scaled.height });
      }
      const label = this.look.pageLabel(index + 1, pages.length);
      const size = 9;
      page.drawText(label, {
        x: WIDTH - MARGIN - this.fonts.regular.widthOfTextAtSize(label, size),
        y: 30,
        size,
        font: this.fonts.regular,
        color: this.color(this.look.pageNumberColor, MUTED),
      });
    });
    return Buffer.from(await this.pdf.save());
  }

  /** Only the first page (a template's preview). */
  async firstPage(): Promise<Buffer> {
    while (this.pdf.getPageCount() > 1) this.pdf.removePage(this.pdf.getPageCount() - 1);
    return this.save();
  }
}
