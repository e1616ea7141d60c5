import type { AppContext } from '../context';
import { BillingService } from '../billing/billing.service';
import { SharedReportsService } from '../billing/shared-reports.service';
import { TestPaymentProvider } from '../billing/test-payment-provider';
import type { Effect } from './workflow-effect.types';
import { AdminService } from './admin.service';
import { TmAlertsService } from './tm-alerts.service';
import { AdminOverviewsService } from './admin-overviews.service';
import { BanksService } from './banks.service';
import { TranslationsService } from './translations.service';
import { TmIngestBudgetService } from './tm-ingest-budget';
import { TmKeysService } from './tm-keys.service';
import { TmRulesService } from './tm-rules.service';
import { TmScoringService } from './tm-scoring.service';
import { TmListsService } from './tm-lists.service';
import { TmListCache } from './tm-list-cache';
import { TmBacktestService } from './tm-backtest.service';
import { TmTransactionsService } from './tm-transactions.service';
import { AnalyticsService } from './analytics.service';
import { AssessmentsService } from './assessments.service';
import { AssessmentOverviewsService } from './assessment-overviews.service';
import { AuthService } from './auth.service';
import { ComplianceDocumentsService } from './compliance-documents.service';
import { ComplianceSharesService } from './compliance-shares.service';
import { DashboardService } from './dashboard.service';
import { ErrorReportService } from './error-report.service';
import { HelpChatService } from './help-chat.service';
import { ImpersonationService } from './impersonation.service';
import { InvitationService } from './invitations.service';
import { IssuesAstService } from './issues-ast.service';
import { NotificationService } from './notifications';
import { OrganizationService } from './organization.service';
import { ProfileService } from './profile.service';
import { ReportNotices } from './report-notices';
import { ReportsService } from './reports.service';
import { AwarenessService } from './awareness.service';
import { ReportTemplatesService } from './report-templates.service';
import { SaqService } from './saq.service';
import { OnboardingProService } from './onboarding-pro.service';
import { OnboardingService } from './onboarding.service';
import { PortfolioService } from './portfolio.service';
import { PortfolioComplianceService } from './portfolio-compliance.service';
import { PortfolioDefaultsService } from './portfolio-defaults';
import { ScansService } from './scans.service';
import { SaqSuggestionsService } from './saq-suggestions.service';
import { ManagementSaqService } from './management-saq.service';
import { PciRequestsService } from './pci-requests.service';
import { PinnedQuestionnaires } from './questionnaire-record/pinned';
import { SaqSigning } from './saq-signing';
import { SaqSubmissions } from './saq-submissions';
import { SaqLevelService } from './saq-level.service';
import { SaqMigrationService } from './saq-migration.service';
import { SiteService } from './site.service';
import { SmtpSettingsService } from './smtp-settings.service';
import { WizardService } from './wizard.service';
import { ResourceImportService } from './resource-import.service';
import { ResourcesService } from './resources.service';
import { WorkflowService } from './workflow.service';
import { ScriptMonitoringService } from './script-monitoring.service';

/** One instance of every service per app, sharing the app's context. */
import { FilesService } from './files.service';
import { FileTransferNotices } from './file-transfer-notices';
import { FileTransfersService } from './file-transfers.service';
import { UserGuidesService } from './user-guides.service';
import { AssessmentTemplatesService } from './assessment-templates.service';
import { MmspService } from './mmsp.service';
import { SanctionsService } from './sanctions.service';
import { TrafficService } from './traffic.service';
import { SocialContentService } from './social-content.service';
import { trafficProviderOf } from '../traffic/providers';
import type { TrafficDataProvider } from '../traffic/traffic-provider';
import { socialContentSourceOf, type SocialContentSource } from '../social/content-source';

/** `effects`: the workflow effects (server/workflows/effects.ts), which use the services' helpers. */
/** The data behind traffic queries and social media content, as configuration picks them (server/app.ts). */
export interface Providers {
  traffic: TrafficDataProvider;
  socialContent: SocialContentSource;
}

export function createServices(
  ctx: AppContext,
  effects: Readonly<Record<string, Effect>>,
  providers: Providers = { traffic: trafficProviderOf(ctx.store), socialContent: socialContentSourceOf() },
) {
  const resources = new ResourcesService(ctx);
  const mmsp = new MmspService(ctx, resources);
  const reports = new ReportsService(ctx, { mmsp });
  const reportNotices = new ReportNotices(ctx);
  const workflows = new WorkflowService(ctx, resources, effects);
  const invitations = new InvitationService(ctx, resources, workflows);
  // a submission picks the PCI request it answers (domain §5): the requests first
  const questionnaires = new PinnedQuestionnaires(ctx);
  const pciRequests = new PciRequestsService(ctx, questionnaires);
  const saqs = new SaqService(ctx, questionnaires);
  const saqSigning = new SaqSigning(ctx, saqs.lifecycle, saqs.flow);
  const saqSubmissions = new SaqSubmissions(ctx, saqs.lifecycle, saqs.flow, pciRequests);
  const scans = new ScansService(ctx, ctx.scanSettings);
  const onboardings = new OnboardingService(ctx, scans, resources);
  const portfolio = new PortfolioService(ctx, resources, scans, workflows);
  const scriptMonitoring = new ScriptMonitoringService(ctx, resources, workflows);
  // the suggestions ask the portfolio which merchant organisation a scanned merchant is linked to (Settings → Sharing)
  const saqSuggestions = new SaqSuggestionsService(ctx, saqs, portfolio);
  const assessments = new AssessmentsService(ctx, questionnaires, resources, workflows);
  // an assessment's participants read the files its answers name, a monitoring case's readers its files
  const tmAlerts = new TmAlertsService(ctx, resources, workflows, ctx.transactionMonitoring.visibilityDelayMs);
  const files = new FilesService(ctx, [assessments, tmAlerts]);
  const tmListCache = new TmListCache(ctx);
  const tmScoring = new TmScoringService(ctx, ctx.transactionMonitoring.cardKey, tmListCache);
  const tmLists = new TmListsService(ctx, ctx.transactionMonitoring.cardKey);
  const tmBacktests = new TmBacktestService(ctx, tmScoring, tmLists);
  const managementSaq = new ManagementSaqService(ctx, saqs, saqSubmissions, saqSigning);
  const complianceDocuments = new ComplianceDocumentsService(ctx);
  return {
    auth: new AuthService(ctx, invitations),
    profile: new ProfileService(ctx),
    admin: new AdminService(ctx),
    banks: new BanksService(ctx),
    adminOverviews: new AdminOverviewsService(ctx),
    translations: new TranslationsService(ctx),
    impersonation: new ImpersonationService(ctx),
    organizations: new OrganizationService(ctx),
    errorReports: new ErrorReportService(ctx),
    sites: new SiteService(ctx),
    wizards: new WizardService(ctx),
    saqLevel: new SaqLevelService(ctx),
    saqs,
    saqMigration: new SaqMigrationService(ctx, saqs.lifecycle, saqs.flow),
    saqSigning,
    saqSubmissions,
    managementSaq,
    resources,
    portfolio,
    portfolioDefaults: new PortfolioDefaultsService(ctx, resources),
    portfolioCompliance: new PortfolioComplianceService(ctx, portfolio, managementSaq, complianceDocuments),
    scriptMonitoring,
    resourceImport: new ResourceImportService(ctx, resources),
    workflows,
    invitations,
    dashboard: new DashboardService(ctx),
    notifications: new NotificationService(ctx),
    helpChat: new HelpChatService(ctx),
    reports,
    reportNotices,
    awareness: new AwarenessService(ctx, resources, reports, reportNotices),
    reportTemplates: new ReportTemplatesService(ctx, resources),
    analytics: new AnalyticsService(ctx),
    smtpSettings: new SmtpSettingsService(ctx),
    // the only provider shipped moves no money (server/billing/test-payment-provider.ts); a real one
    // implements the same PaymentProvider interface
    billing: new BillingService(ctx, new TestPaymentProvider()),
    sharedReports: new SharedReportsService(ctx),
    complianceDocuments,
    complianceShares: new ComplianceSharesService(ctx),
    pciRequests,
    scans,
    saqSuggestions,
    onboardings,
    onboardingPro: new OnboardingProService(ctx, onboardings, resources),
    issuesAst: new IssuesAstService(ctx, resources),
    files,
    fileTransfers: new FileTransfersService(ctx, files),
    fileTransferNotices: new FileTransferNotices(ctx),
    userGuides: new UserGuidesService(ctx, files),
    assessmentTemplates: new AssessmentTemplatesService(ctx),
    assessments,
    assessmentOverviews: new AssessmentOverviewsService(ctx, assessments),
    mmsp,
    sanctions: new SanctionsService(ctx, resources),
    traffic: new TrafficService(ctx, providers.traffic),
    socialContent: new SocialContentService(ctx, providers.socialContent),
    tmKeys: new TmKeysService(ctx),
    tmIngestBudget: new TmIngestBudgetService(ctx),
    tmScoring,
    tmListCache,
    tmAlerts,
    tmTransactions: new TmTransactionsService(ctx, tmScoring, ctx.transactionMonitoring.visibilityDelayMs),
    tmLists,
    tmBacktests,
    tmRules: new TmRulesService(ctx, tmScoring, tmBacktests, ctx.transactionMonitoring.visibilityDelayMs),
  };
}

export type Services = ReturnType<typeof createServices>;
