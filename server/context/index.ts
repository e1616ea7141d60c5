import type { DocumentsService } from '../config/documents.service';
import type { DomainEventEmitter } from '../events/domain-events';
import type { Translator } from '../http/i18n';
import type { Jobs } from '../jobs/jobs.types';
import type { Mailer } from '../mail/mailer';
import type { DelayLedger } from '../scale/delay-ledgers';
import type { EventBus } from '../scale/event-bus';
import type { RateLimitStores } from '../scale/rate-limit-stores';
import type { ScanSettings } from '../scans/scan-settings';
import type { Store } from '../store/store.types';
import type { ChannelSigner, SessionTokens } from './signing.types';

/**
 * Where the services find their collaborators; built once per app in app.ts. Its own folder, below
 * every folder that takes an AppContext: it names only types of folders that never import it.
 */
/** The ingest API's throttle: transactions per key and window (docs/gateway/tm.md 'Throttle'). */
export interface IngestBudget {
  /** Transactions one key may send per window unless its organisation chose another budget. */
  limit: number;
  windowMs: number;
  /** The most an organisation may choose. */
  maxLimit: number;
}

export interface AppContext {
  store: Store;
  documents: DocumentsService;
  tokens: SessionTokens;
  /** Signs and checks private real-time channel access (server/realtime/channel-auth.ts). */
  channelAuth: ChannelSigner;
  mailer: Mailer;
  /** Background work: in process on the embedded store, pg-boss on PostgreSQL. */
  jobs: Jobs;
  /** Fan-out to the other instances (Redis), or this process only. */
  bus: EventBus;
  /** Domain events between the services, in this process (server/events; reactions.ts says who reacts). */
  events: DomainEventEmitter;
  /** Where the throttles (server/auth/rate-limits.ts) count: shared through Redis, or in memory (server/scale). */
  counters: RateLimitStores;
  /** Sign-in failures per account, from any address (server/auth/sign-in-delays.ts): in memory or Redis. */
  signInDelays: DelayLedger;
  translator: Translator;
  /** How domain scans run: connection cap, time per check, loopback targets (tests only). */
  scanSettings: ScanSettings;
  /** Where uploaded file answers are kept as real files (DATA_DIR/files). */
  filesDir: string;
  /** Base of mailed links, e.g. http://localhost:4100 */
  appUrl: string;
  /** package.json version (LoginResponse.data.version). */
  version: string;
  log: { info(message: string): void; warn(message: string): void; error(message: string, error?: unknown): void };
  /**
   * Transaction monitoring: the key of card-number hashes (derived from the session key, so every
   * instance agrees) and how long after scoring users see a transaction (domain §9: 15 minutes).
   */
  transactionMonitoring: { cardKey: Uint8Array; visibilityDelayMs: number; ingestBudget: IngestBudget };
  /** The time windows read (the onboarding's cancel window); tests move it instead of waiting. */
  clock: () => Date;
}
