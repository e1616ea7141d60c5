import type { PngLimits } from '../files/png';

/**
 * Report templates (domain §3 'Report template'): the resource `report-template` holds the fields a
 * user edits; its two images are uploaded apart (multipart, judged by the decoded PNG).
 */
export const REPORT_TEMPLATE_RESOURCE = 'report-template';
/** Weekly or monthly PDF reports of an organisation (ReportsService.sendScheduled). */
export const REPORT_SCHEDULE_RESOURCE = 'report-schedule';

export const TEMPLATE_IMAGE_SLOTS = ['banner', 'footer'] as const;
export type TemplateImageSlot = (typeof TEMPLATE_IMAGE_SLOTS)[number];

/**
 * Domain §9 leaves the values open: a banner spans the page's width (A4 at 72 dpi is 595 points, so
 * 600 pixels print sharp enough), a footer is a strip; 1 MB and 4000 pixels keep decoding cheap.
 */
export const TEMPLATE_IMAGE_LIMITS: Record<TemplateImageSlot, PngLimits> = {
  banner: { minWidth: 600, minHeight: 60, maxWidth: 4000, maxHeight: 4000, maxBytes: 1024 * 1024 },
  footer: { minWidth: 300, minHeight: 30, maxWidth: 4000, maxHeight: 4000, maxBytes: 1024 * 1024 },
};

/** The fields of a template record the PDF uses. */
export interface ReportTemplateFields {
  name: string;
  title: string;
  pageHeader?: string;
  /** `#rrggbb` */
  titleColor?: string;
  pageNumberColor?: string;
  language: 'en' | 'tr';
  isDefault?: boolean;
}
