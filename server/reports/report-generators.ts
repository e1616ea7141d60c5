import type { ReportKind } from '../../core/reports/report.types';
import { awarenessReport } from './awareness-report';
import { mailDeliveryReport } from './mail-delivery-report';
import { mmspIntegrityReport } from './mmsp-integrity-report';
import { complianceStatusReport, portfolioRiskReport } from './portfolio-reports';
import type { ReportGenerator } from './report.types';
import { vendorAssessmentReport } from './vendor-assessment-report';

/** One generator per report kind; a new kind is one entry here and in core's REPORT_KINDS. */
export const REPORT_GENERATORS: Record<ReportKind, ReportGenerator> = {
  mailDelivery: mailDeliveryReport,
  portfolioRisk: portfolioRiskReport,
  complianceStatus: complianceStatusReport,
  vendorAssessment: vendorAssessmentReport,
  mmspIntegrity: mmspIntegrityReport,
  awareness: awarenessReport,
};
