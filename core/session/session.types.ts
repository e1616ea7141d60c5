import type { DateFormat } from '../dates/date-formats';

/** The user object of a LoginResponse / client session (docs/gateway/iam.md 'LoginResponse'). */
export interface SessionUser {
  uuid: string;
  id: string | number;
  name: string;
  email: string;
  avatar?: string | null;
  site_language?: string;
  theme?: 'dark' | 'light';
  timezone?: string | null;
  /** The user's chosen date format (core/dates/date-formats.ts); null or absent: the shell settings' default. */
  date_format?: DateFormat | null;
  roles?: string[];
  permissions?: string[];
}

/** protectedData of a LoginResponse (shell §3 'User session'). */
export interface ProtectedData {
  platform?: string;
  /** Package names (e-commerce checklist tiers…); objects with a name are tolerated. */
  packageList?: (string | { name?: string; slug?: string })[];
  email?: string;
}

/** data of a LoginResponse. */
export interface SessionData {
  version?: string;
  timezone?: string | null;
  tutorials?: unknown;
  fullOnboarding?: boolean;
  hasSites?: boolean;
  bankAccount?: boolean;
  bramOnly?: boolean;
  /** Shell §2.4: the organisation's variant of the transaction-monitoring screens. */
  transactionMonitoringMode?: 'acquirer' | 'alternate';
  [key: string]: unknown;
}

/** Answer of POST /iam/api/login (docs/gateway/iam.md 'LoginResponse'). */
export interface LoginResponse {
  token: string;
  user: SessionUser;
  roles: string[];
  permissions: string[];
  /** Role groups the user is a member of by name (granted by user groups in the session's organisation). */
  roleGroups?: string[];
  organization_list: { id: string | number; name: string }[];
  originalToken?: string;
  originalUser?: SessionUser;
  protectedData: ProtectedData;
  data: SessionData;
}

/** The client session kept in localStorage under `config` (docs/domain/sessions-auth.md 'The browser's session'). */
export interface ClientSession {
  token: string;
  user: SessionUser;
  roles: string[];
  permissions: string[];
  /** Role groups held by name (LoginResponse `roleGroups`). */
  roleGroups?: string[];
  protectedData: ProtectedData;
  data: SessionData;
  organizationList: { id: string | number; name: string }[];
  originalToken?: string;
  originalUser?: SessionUser;
  theme: 'dark' | 'light';
  language: 'en' | 'tr';
  navbarFolded: boolean;
  affid?: string;
  /** Selected site id, kept as a string because it travels as the X-SITE-ID header. */
  siteId?: string;
  rememberedPath?: string;
}

/** What subjectOf reads: any of the shapes above, or the /me answer, with every field optional. */
export interface SessionLike {
  token?: string | null;
  user?: Partial<SessionUser> | null;
  roles?: unknown;
  permissions?: unknown;
  roleGroups?: unknown;
  protectedData?: ProtectedData | null;
  data?: SessionData | null;
  originalUser?: unknown;
}
