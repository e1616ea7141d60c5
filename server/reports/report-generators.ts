import type { ReportKind } from '../../core/reports/report.types';
import { mailDeliveryReport } from './mail-delivery-report';
import { complianceStatusReport, portfolioRiskReport } from './portfolio-reports';
import type { ReportGenerator } from './report.types';

/** One generator per report kind; a new kind is one entry here and in core's REPORT_KINDS. */
export const REPORT_GENERATORS: Record<ReportKind, ReportGenerator> = {
  mailDelivery: mailDeliveryReport,
  portfolioRisk: portfolioRiskReport,
  complianceStatus: complianceStatusReport,
};
