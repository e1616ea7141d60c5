import type { DomainEventEmitter } from '../events/domain-events';
import type { OnboardingService } from './onboarding.service';
import type { PortfolioService } from './portfolio.service';
import type { FileTransferNotices } from './file-transfer-notices';
import type { AwarenessService } from './awareness.service';
import type { ReportNotices } from './report-notices';
import type { SaqSuggestionsService } from './saq-suggestions.service';
import type { TmAlertsService } from './tm-alerts.service';
import type { TmListCache } from './tm-list-cache';
import { ScriptMonitoringService } from './script-monitoring.service';
import { notifyScriptChange } from './script-notices';
import type { AppContext } from '../context';

/** The services that react to domain events. */
export interface Reacting {
  saqSuggestions: SaqSuggestionsService;
  onboardings: OnboardingService;
  portfolio: PortfolioService;
  tmAlerts: TmAlertsService;
  tmListCache: TmListCache;
  scriptMonitoring: ScriptMonitoringService;
  reportNotices: ReportNotices;
  fileTransferNotices: FileTransferNotices;
  awareness: AwarenessService;
}

/**
 * Who reacts to which domain event (server/events/domain-events.ts), in the order they run: all the
 * subscriptions of the app, here and nowhere else. A reaction's error stops those after it and
 * reaches the emitting service, which decides (ScansService logs it; an approval or a link fails).
 */
export function subscribeReactions(
  ctx: AppContext,
  events: DomainEventEmitter,
  {
    saqSuggestions,
    onboardings,
    portfolio,
    tmAlerts,
    tmListCache,
    scriptMonitoring,
    reportNotices,
    fileTransferNotices,
    awareness,
  }: Reacting,
) {
  // a completed scan pre-fills its organisation's open SAQs, and those of the merchant organisation a
  // portfolio merchant is linked to (issue 11), decides its onboarding's outcome, and its merchant
  // takes its score while the merchant's deleted assets drop out (domain §4)
  events.on('scan.completed', ({ scan }) => saqSuggestions.fromScan(scan));
  events.on('scan.completed', ({ scan }) => onboardings.fromScan(scan));
  events.on('scan.completed', ({ scan }) => portfolio.fromScan(scan));
  // a failed scan sends its onboarding to review and its merchant takes the failure
  events.on('scan.failed', ({ scan }) => onboardings.fromScan(scan));
  events.on('scan.failed', ({ scan }) => portfolio.fromScan(scan));
  // the new portfolio merchant's payment page, providers and modules from the scan that onboarded it
  events.on('onboarding.approved', ({ merchantId, scan }) => portfolio.readSite(merchantId, scan));
  // a merchant linked to its organisation (Settings → Sharing): its latest scan suggests in that organisation's SAQs
  events.on('portfolio.merchantLinked', ({ organizationId, scan }) => saqSuggestions.suggest(scan, organizationId));
  // flagged and investigating transactions raise alerts; a closing case labels its alerts' transactions
  events.on('tm.transactionsScored', ({ transactions }) => tmAlerts.raise(transactions));
  events.on('tm.caseClosing', (closing) => tmAlerts.closeCase(closing));
  // a changed list is read again by scoring on every instance (the change answers once they all dropped it)
  events.on('tm.listsChanged', ({ organizationId }) => tmListCache.changed(organizationId));
  // a reopened case takes its alerts back
  events.on('tm.caseReopening', (reopening) => tmAlerts.reopenCase(reopening));
  // the page a scan read feeds the payment-page script inventory (PCI DSS 6.4.3, 11.6.1); a change nobody
  // authorised alerts the bank and suggests 6.4.3 and 11.6.1 Not in Place with the changes as evidence
  events.on('portfolio.siteRead', (read) => scriptMonitoring.fromSite(read));
  events.on('paymentPage.unauthorisedChange', (change) => notifyScriptChange(ctx, change));
  events.on('paymentPage.unauthorisedChange', (change) =>
    saqSuggestions.fromEvidence(change.scan, ScriptMonitoringService.evidence(change)),
  );
  // the owner of a report hears it is ready to download (the bell)
  events.on('report.ready', ({ report }) => reportNotices.ready(report));
  // the counterparty's members hear of a file sent to them (the bell, in real time)
  events.on('fileTransfer.sent', ({ transfer }) => fileTransferNotices.sent(transfer));
  // an awareness batch counts its reports as each is made or fails, and tells its admin once all are
  events.on('report.ready', ({ report }) => awareness.reportSettled(report));
  events.on('report.failed', ({ report }) => awareness.reportSettled(report));
}
