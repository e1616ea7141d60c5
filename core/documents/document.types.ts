/** Visible text in documents: an i18n key or an {en, tr} pair, never a bare English string. */
export type Text = string | { en: string; tr: string };

/**
 * A screen's data kept fresh (a list, a page's thread panel): read again on a real-time `event` on
 * the user's channel, every `seconds` as a fallback, and when the window gets the focus back.
 */
export interface LiveRefresh {
  event?: string;
  seconds?: number;
}

export type DocumentStatus = 'draft' | 'published' | 'retired';

/** Document kinds the config service knows; each has a meta-schema in schemas/meta/<kind>.json. */
export type DocumentKind =
  | 'routes'
  | 'menus'
  | 'role-groups'
  | 'landing-rules'
  | 'shell-settings'
  | 'form'
  | 'list'
  | 'wizard'
  | 'resource'
  | 'workflow'
  | 'page'
  | 'tooltips'
  | 'questionnaire'
  | 'scan-requirements'
  | 'onboarding-warnings'
  | 'mmsp-rules'
  | 'sanctions-bands'
  | 'eligibility-rules'
  | 'tm-rules'
  | 'price-list';

/** A versioned config document as stored and served by /config/v1. */
export interface ConfigDocument<B = unknown> {
  kind: DocumentKind;
  id: string;
  version: number;
  status: DocumentStatus;
  body: B;
  createdBy: string;
  createdAt: string;
  /** sha256 of the canonical JSON of {kind, id, body}; basis of the ETag. */
  hash: string;
  publishedAt?: string;
  publishedBy?: string;
}

/**
 * A version as the config service serves it to readers: without the authors' e-mail addresses
 * (createdBy, publishedBy), which only admins see, in the versions list.
 */
export type ServedDocument<B = unknown> = Omit<ConfigDocument<B>, 'createdBy' | 'publishedBy'>;

/** What a seed file under schemas/ holds: the server publishes it as version 1 on first start. */
export interface SeedDocument<B = unknown> {
  kind: DocumentKind;
  id: string;
  body: B;
}

/**
 * One problem found while validating a document; `path` is a JSON pointer into the document. A
 * problem with a `code` has a text `documentProblems.<code>` in the locales (its `params` filled in),
 * which the server answers in the caller's language; `message` is the English text.
 */
export interface DocumentProblem {
  path: string;
  message: string;
  code?: string;
  params?: Record<string, string>;
}

/**
 * What publish-time checks may consult beyond the document itself; the server supplies it. A
 * member left out is not checked (docs examples, the editor's offline checks).
 */
export interface ValidationContext {
  /** The body of the latest published version of a document, or undefined. */
  published?: (kind: DocumentKind, id: string) => unknown;
  /** Names of the workflow effects the server has (server/workflows/effects.ts). */
  effects?: readonly string[];
  /** The requirement ids of a standard's version (PCI DSS 4.0.1), or undefined when none is shipped. */
  requirementIds?: (standard: string, version: string) => ReadonlySet<string> | undefined;
}
