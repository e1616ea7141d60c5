import type { ClientSession, Language, LoginResponse, SessionUser, Theme } from './session.types';

/**
 * The one localStorage key the app keeps (shell §9). The session is read before the shell-settings
 * document arrives, so this boot-time default is used first; `moveStorageKey` then moves to the
 * document's `storageKey` if it names another.
 */
export const SESSION_KEY = 'config';
let storageKey = SESSION_KEY;

/**
 * Defaults for a first visit until the document's defaultTheme, defaultLanguage and
 * defaultNavbarFolded are in (shell §1: dark theme, folded navbar, English).
 */
let defaults: Pick<ClientSession, 'theme' | 'language' | 'navbarFolded'> = {
  theme: 'dark',
  language: browserLanguage() ?? 'en',
  navbarFolded: true,
};

/** The first of the browser's preferred languages this client has a catalogue for (a Turkish browser gets Turkish). */
function browserLanguage(): Language | undefined {
  const preferred = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const tag of preferred) {
    const primary = tag?.toLowerCase().split('-')[0];
    if (primary === 'en' || primary === 'tr') return primary;
  }
  return undefined;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let cached: ClientSession | null = null;

/** What the browser stored: only what was set, so a default can still change under it. */
function stored(): Partial<ClientSession> {
  try {
    const raw = localStorage.getItem(storageKey);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' ? (parsed as Partial<ClientSession>) : {};
  } catch {
    // a corrupt value must not lock the user out: start over
    return {};
  }
}

function changed(): void {
  cached = null;
  for (const listener of listeners) listener();
}

/** Keep the session under `key` from now on, moving what is stored under the current key. */
export function moveStorageKey(key: string): void {
  if (!key || key === storageKey) return;
  try {
    const stored = localStorage.getItem(storageKey);
    if (stored !== null && localStorage.getItem(key) === null) localStorage.setItem(key, stored);
    localStorage.removeItem(storageKey);
  } catch {
    // storage unavailable: nothing to move
  }
  storageKey = key;
  changed();
}

/** First-visit defaults from the shell-settings document; what the browser stored still wins. */
export function setSessionDefaults(next: Pick<ClientSession, 'theme' | 'language' | 'navbarFolded'>): void {
  // the document's default language is for a browser that prefers none of ours
  defaults = { ...next, language: browserLanguage() ?? next.language };
  changed();
}

/** The current session (a stable object until the next write, for useSyncExternalStore). */
export function getSession(): ClientSession {
  if (!cached) cached = { ...defaults, ...stored() };
  return cached;
}

/** Merge a patch into the stored session and notify subscribers. `undefined` values remove keys. */
export function updateSession(patch: Partial<ClientSession>): ClientSession {
  const next: Partial<ClientSession> = { ...stored(), ...patch };
  for (const key of Object.keys(next) as (keyof ClientSession)[]) {
    if (next[key] === undefined) delete next[key];
  }
  const session: ClientSession = { ...defaults, ...next };
  cached = session;
  localStorage.setItem(storageKey, JSON.stringify(next));
  for (const listener of listeners) listener();
  return session;
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Signed in means we hold a token and a user. */
export function isSignedIn(session: ClientSession = getSession()): boolean {
  return Boolean(session.token && session.user);
}

const THEMES: readonly Theme[] = ['dark', 'light'];
const LANGUAGES: readonly Language[] = ['en', 'tr'];

/**
 * The theme and language a profile carries, for the fields it has with a value this client knows;
 * an absent or unknown value leaves the browser's choice as it is.
 */
export function profilePreferences(
  user: Partial<SessionUser> | null | undefined,
): Partial<Pick<ClientSession, 'theme' | 'language'>> {
  const patch: Partial<Pick<ClientSession, 'theme' | 'language'>> = {};
  if (THEMES.includes(user?.theme as Theme)) patch.theme = user?.theme as Theme;
  if (LANGUAGES.includes(user?.site_language as Language)) patch.language = user?.site_language as Language;
  return patch;
}

/**
 * What a login (or an impersonation / organisation switch) answer makes of the session the browser
 * holds. The profile's theme and language, when it has them, become this browser's: preferences
 * follow the user. Pure, so the browser tests' signed-in start builds the same session.
 */
export function sessionAfterLogin(
  response: Partial<LoginResponse> & { token: string },
  current: Partial<ClientSession>,
): Partial<ClientSession> {
  return {
    ...profilePreferences(response.user),
    token: response.token,
    user: response.user,
    roles: response.roles ?? response.user?.roles ?? [],
    permissions: response.permissions ?? response.user?.permissions ?? [],
    roleGroups: response.roleGroups ?? [],
    protectedData: response.protectedData,
    data: response.data ?? current.data,
    organizationList: response.organization_list ?? current.organizationList,
    originalToken: response.originalToken ?? current.originalToken,
    originalUser: response.originalUser ?? current.originalUser,
    // another user's sites are not this one's: the selector picks again
    siteId: response.user?.uuid === current.user?.uuid ? current.siteId : undefined,
  };
}

/** Store what the login (or an impersonation / organisation switch) answered. */
export function storeLogin(response: Partial<LoginResponse> & { token: string }): ClientSession {
  return updateSession(sessionAfterLogin(response, getSession()));
}

/** Forget everything that identifies the user (and their selected site); keep preferences and the remembered path. */
export function clearAuth(): ClientSession {
  return updateSession({
    token: undefined,
    user: undefined,
    roles: undefined,
    permissions: undefined,
    roleGroups: undefined,
    protectedData: undefined,
    data: undefined,
    organizationList: undefined,
    originalToken: undefined,
    originalUser: undefined,
    siteId: undefined,
  });
}

/** Remember where the user wanted to go, so login can return there (shell §4 'Access'). */
export function rememberPath(path: string): void {
  updateSession({ rememberedPath: path });
}
