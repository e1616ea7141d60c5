import type { ChangeCode, ElementKind } from '../../core/portfolio/script-inventory';
import type { ScanRecord } from '../../core/scans/scan-record';
import type { ResourceRecord } from '../../core/resources/resource.types';
import type { FileTransferRecord, ReportRecord, UserRecord } from '../store/records.types';
import type { ScoredTransaction } from '../../core/transaction-monitoring/alerts';
import type { EventEmitter } from './event-emitter';

/**
 * The facts one service tells the others, by name, with their payloads. The service that owns a
 * fact emits it (`ctx.events.emit`); who reacts is wired in one place, server/events/reactions.ts.
 */
export interface DomainEvents {
  /** A scan ran all its checks (ScansService): the record as written, results included. */
  'scan.completed': { scan: ScanRecord };
  /** A scan failed for good (ScansService): the record as written, its error included. */
  'scan.failed': { scan: ScanRecord };
  /** An onboarding was approved (OnboardingService): the portfolio merchant it made or updated, and the completed scan. */
  'onboarding.approved': { merchantId: string; scan: ScanRecord };
  /**
   * A portfolio merchant was linked to its organisation on the platform (PortfolioService, Settings →
   * Sharing), with the merchant's latest scan: that organisation's open SAQs take its suggestions.
   */
  'portfolio.merchantLinked': { organizationId: string; scan: ScanRecord };
  /** Transactions were scored and stored (TmScoringService: an ingest call, or the demo seed), in order. */
  'tm.transactionsScored': { transactions: readonly ScoredTransaction[] };
  /** An organisation's monitoring lists changed (TmListsService: an entry added, edited, expired, removed, imported), stored. */
  'tm.listsChanged': { organizationId: string };
  /**
   * A transaction-monitoring case is closing with its label (the workflow effect `labelCaseTransactions`,
   * before the move is written): the record as it was, and who closes it.
   */
  'tm.caseClosing': { caseRecord: ResourceRecord; actor: UserRecord };
  /** A closed case is reopening (the workflow effect `reopenCaseAlerts`, before the move is written). */
  'tm.caseReopening': { caseRecord: ResourceRecord; actor: UserRecord };
  /**
   * A completed scan's home page was read into the merchant's site profile (PortfolioService): the page
   * as it came, so the payment-page script inventory can take what it runs and sends.
   */
  'portfolio.siteRead': {
    merchantId: string;
    scan: ScanRecord;
    page: { url: string; headers: Record<string, unknown>; body: string };
  };
  /**
   * A scan found the payment page changed in ways nobody authorised (ScriptMonitoringService, PCI DSS
   * 6.4.3 / 11.6.1): the merchant, the scan, and each element with what changed.
   */
  'paymentPage.unauthorisedChange': {
    merchantId: string;
    merchantName: string;
    scan: ScanRecord;
    changes: { name: string; kind: ElementKind; changes: ChangeCode[] }[];
  };
  /** A report's file was made (ReportsService's job): the record as written, ready to download. */
  'report.ready': { report: ReportRecord };
  /** An organisation sent a file to a counterparty (FileTransfersService): the record as written. */
  'fileTransfer.sent': { transfer: FileTransferRecord };
  /** A report could not be made after its job's last retry (ReportsService): the record, state `failed`. */
  'report.failed': { report: ReportRecord };
}

/** The app's emitter of domain events (AppContext.events). */
export type DomainEventEmitter = EventEmitter<DomainEvents>;
