import { MAX_PAGE_SIZE } from '../../core/query/query.types';
import type { ResourceRecord } from '../../core/resources/resource.types';
import {
  REPORT_TEMPLATE_RESOURCE,
  type ReportTemplateFields,
  type TemplateImageSlot,
} from '../../core/reports/report-template.types';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import type { TemplateLook } from '../pdf/report-pdf';

/** A template's uploaded image: the PNG's bytes (base64) in the store, so every instance reads it. */
export interface TemplateImageRecord {
  /** `<template id>.<slot>` */
  id: string;
  templateId: string;
  organizationId: string;
  slot: TemplateImageSlot;
  width: number;
  height: number;
  size: number;
  data: string;
  uploadedAt: string;
}

export const TEMPLATE_IMAGES = 'reportimages.templates';

type TemplateRecord = ResourceRecord & ReportTemplateFields;

/** The organisation's templates, default first. */
async function templatesOf(ctx: AppContext, organizationId: string): Promise<TemplateRecord[]> {
  const { items } = await ctx.store.query<TemplateRecord>(`res.${REPORT_TEMPLATE_RESOURCE}`, {
    filter: { field: 'organizationId', op: 'eq', value: organizationId },
    sort: [{ field: 'createdAt', direction: 'asc' }],
    page: 1,
    pageSize: MAX_PAGE_SIZE,
  });
  return items.sort((a, b) => Number(b.isDefault === true) - Number(a.isDefault === true));
}

/**
 * The template a report of the organisation is drawn with: the one named (404
 * `reportTemplateNotFound` when it is not the organisation's), else its default, else none.
 */
export async function templateOf(
  ctx: AppContext,
  organizationId: string,
  templateId?: string,
): Promise<TemplateRecord | undefined> {
  if (!templateId) return (await templatesOf(ctx, organizationId))[0];
  const record = await ctx.store.collection<TemplateRecord>(`res.${REPORT_TEMPLATE_RESOURCE}`).get(templateId);
  if (!record || record.organizationId !== organizationId) throw new AppError(404, 'reportTemplateNotFound');
  return record;
}

/** How the template dresses the report, in its language; without one, the plain look in `fallback`'s language. */
export async function templateLook(
  ctx: AppContext,
  template: TemplateRecord | undefined,
  fallback: { title: string; language: 'en' | 'tr' },
): Promise<{ look: TemplateLook; language: 'en' | 'tr' }> {
  const language = template?.language ?? fallback.language;
  const images = ctx.store.collection<TemplateImageRecord>(TEMPLATE_IMAGES);
  const image = async (slot: TemplateImageSlot) => {
    if (!template) return undefined;
    const record = await images.get(`${template.id}.${slot}`);
    return record ? Buffer.from(record.data, 'base64') : undefined;
  };
  return {
    language,
    look: {
      title: template?.title ?? fallback.title,
      pageHeader: template?.pageHeader,
      titleColor: template?.titleColor,
      pageNumberColor: template?.pageNumberColor,
      banner: await image('banner'),
      footer: await image('footer'),
      pageLabel: (page, pages) =>
        ctx.translator.t(language, 'reports.pdf.page', { page: String(page), pages: String(pages) }),
    },
  };
}
