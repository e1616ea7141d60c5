import { pngProblem, readPngHeader } from '../../core/files/png';
import {
  REPORT_TEMPLATE_RESOURCE,
  TEMPLATE_IMAGE_LIMITS,
  type TemplateImageSlot,
} from '../../core/reports/report-template.types';
import type { AuthContext } from '../auth/authenticate';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import { ReportPdf } from '../pdf/report-pdf';
import { BAND_COLORS } from '../reports/portfolio-reports';
import { TEMPLATE_IMAGES, type TemplateImageRecord, templateLook } from '../reports/template-look';
import type { ReportTemplateFields } from '../../core/reports/report-template.types';
import { type ResourcesService, resourceCaller } from './resources.service';

const PROBLEM_ERRORS = {
  notPng: 'templateImageNotPng',
  tooSmall: 'templateImageTooSmall',
  tooLarge: 'templateImageTooLarge',
} as const;

/**
 * What the generic resource endpoints cannot do for report templates (the resource
 * `report-template`): its banner and footer images, judged by the decoded PNG, and the preview — the
 * real PDF's first page with sample rows. Both follow the resource's guards and scope.
 */
export class ReportTemplatesService {
  constructor(
    private readonly ctx: AppContext,
    private readonly resources: ResourcesService,
  ) {}

  private get images() {
    return this.ctx.store.collection<TemplateImageRecord>(TEMPLATE_IMAGES);
  }

  /** The caller's template for the action (403 without its guard, 404 outside their organisation). */
  private async template(auth: AuthContext, id: string, action: 'read' | 'update') {
    const caller = await resourceCaller(this.ctx, auth);
    const resource = this.resources.authorize(REPORT_TEMPLATE_RESOURCE, action, caller);
    return this.resources.find(resource, caller, id);
  }

  /**
   * Keeps the slot's image: 422 `templateImageNotPng` for bytes that are not a PNG (whatever the
   * name), `templateImageTooSmall` below the slot's resolution, `templateImageTooLarge` beyond its
   * bytes or pixels.
   */
  async uploadImage(auth: AuthContext, templateId: string, slot: TemplateImageSlot, bytes: Buffer) {
    const template = await this.template(auth, templateId, 'update');
    const problem = pngProblem(bytes, TEMPLATE_IMAGE_LIMITS[slot]);
    if (problem) throw new AppError(422, PROBLEM_ERRORS[problem], { file: `errors.${PROBLEM_ERRORS[problem]}` });
    const header = readPngHeader(bytes);
    const record: TemplateImageRecord = {
      id: `${template.id}.${slot}`,
      templateId: template.id,
      organizationId: template.organizationId ?? '',
      slot,
      width: header?.width ?? 0,
      height: header?.height ?? 0,
      size: bytes.length,
      data: bytes.toString('base64'),
      uploadedAt: this.ctx.clock().toISOString(),
    };
    await this.images.upsertWith(record.id, () => record);
    const { data: _data, ...shown } = record;
    return shown;
  }

  /** The template's images (without their bytes), for its page. */
  async imagesOf(auth: AuthContext, templateId: string) {
    const template = await this.template(auth, templateId, 'read');
    const items = [];
    for (const slot of Object.keys(TEMPLATE_IMAGE_LIMITS) as TemplateImageSlot[]) {
      const image = await this.images.get(`${template.id}.${slot}`);
      if (image) {
        const { data: _data, ...shown } = image;
        items.push(shown);
      }
    }
    return { items, total: items.length };
  }

  /** The first page of a report drawn with the template, with sample merchants (Turkish names too). */
  async preview(auth: AuthContext, templateId: string): Promise<Buffer> {
    const template = (await this.template(auth, templateId, 'read')) as Awaited<ReturnType<typeof this.template>> &
      ReportTemplateFields;
    const { look, language } = await templateLook(this.ctx, template, { title: template.title, language: 'en' });
    const t = (key: string, values?: Record<string, string>) =>
      this.ctx.translator.t(language, `reports.pdf.${key}`, values);
    const now = this.ctx.clock();
    const pdf = await ReportPdf.create(look, t('previewSubtitle'), now);
    pdf.heading(t('byRisk'));
    pdf.barChart([
      { label: t('risk.high'), value: 2, color: BAND_COLORS.high },
      { label: t('risk.medium'), value: 5, color: BAND_COLORS.medium },
      { label: t('risk.low'), value: 9, color: BAND_COLORS.low },
    ]);
    pdf.heading(t('merchants'));
    pdf.table(
      [
        { title: t('columns.merchant'), width: 0.5 },
        { title: t('columns.score'), width: 0.2 },
        { title: t('columns.compliance'), width: 0.3 },
      ],
      [
        ['Şirket Öğrenci Gıda A.Ş.', '42', t('compliance.nonCompliant')],
        ['Example Store Ltd.', '91', t('compliance.compliant')],
      ],
    );
    return pdf.firstPage();
  }
}
