import type { Text } from '../../core/documents/document.types';
import type { AppContext } from '../context';
import type { Language } from '../http/i18n';
import { ReportPdf } from '../pdf/report-pdf';
import type { InvoiceRecord, SharedReportRecord } from './billing.types';

const textIn = (text: Text, language: Language) => (typeof text === 'string' ? text : text[language]);

/** Minor units as the language writes money: 5.988,00 TRY in Turkish, 5,988.00 TRY in English. */
export function money(minor: number, currency: string, language: Language): string {
  const locale = language === 'tr' ? 'tr-TR' : 'en-GB';
  const amount = (minor / 100).toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${amount} ${currency}`;
}

function pdfIn(ctx: AppContext, language: Language, title: string) {
  return {
    title,
    pageLabel: (page: number, pages: number) =>
      ctx.translator.t(language, 'reports.pdf.page', { page: String(page), pages: String(pages) }),
  };
}

/**
 * An invoice as a PDF in the reader's language (DejaVu, so Turkish prints right): the tier and its
 * annual period, the net price, the VAT added on top (prices exclude VAT), the total, the card only
 * as masked, and the price list's terms.
 */
export async function invoicePdf(ctx: AppContext, invoice: InvoiceRecord, language: Language): Promise<Buffer> {
  const t = (key: string, values?: Record<string, string>) => ctx.translator.t(language, `billing.pdf.${key}`, values);
  const m = (minor: number) => money(minor, invoice.currency, language);
  const pdf = await ReportPdf.create(
    pdfIn(ctx, language, t('title', { number: invoice.number })),
    t('issued', { date: invoice.issuedAt.slice(0, 10), organization: invoice.organizationName }),
    new Date(invoice.issuedAt),
  );
  pdf.heading(t('billedTo'));
  pdf.paragraph(`${invoice.organizationName} · ${invoice.buyerEmail}`);
  pdf.heading(t('lines'));
  pdf.table(
    [
      { title: t('columns.item'), width: 0.5 },
      { title: t('columns.period'), width: 0.3 },
      { title: t('columns.amount'), width: 0.2 },
    ],
    [
      [
        t('plan', { tier: textIn(invoice.tierTitle, language) }),
        `${invoice.periodStart.slice(0, 10)} – ${invoice.periodEnd.slice(0, 10)}`,
        m(invoice.amounts.net),
      ],
      ['', t('net'), m(invoice.amounts.net)],
      ['', t('vat', { rate: String(Math.round(invoice.vatRate * 1000) / 10) }), m(invoice.amounts.vat)],
      ['', t('total'), m(invoice.amounts.total)],
    ],
  );
  pdf.paragraph(t('paidWith', { card: invoice.maskedPan }));
  pdf.heading(t('terms'));
  for (const term of invoice.terms) pdf.paragraph(textIn(term, language));
  return pdf.save();
}

/** A shared report as a PDF in the reader's language: its summary and sections. */
export async function sharedReportPdf(
  ctx: AppContext,
  report: SharedReportRecord,
  language: Language,
  now: Date,
): Promise<Buffer> {
  const pdf = await ReportPdf.create(
    pdfIn(ctx, language, textIn(report.title, language)),
    ctx.translator.t(language, 'sharedReports.pdfSubtitle', { period: report.period }),
    now,
  );
  pdf.paragraph(textIn(report.summary, language));
  for (const section of report.sections) {
    pdf.heading(textIn(section.heading, language));
    pdf.paragraph(textIn(section.body, language));
  }
  return pdf.save();
}
