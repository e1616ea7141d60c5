/**
 * The shell-settings document (kind 'shell-settings', id 'app') as the client reads it. Missing
 * values fall back to the spec's constants (shell §9) so an older document keeps working.
 */
export interface ShellSettings {
  navbar: { width: number; foldedWidth: number };
  languageChangeDelayMs: number;
  loadingButton: { delayMs: number; minDisplayMs: number };
  preloadSiblingRoutes: number;
  copyright: { startYear: number };
  /** Show the Internet Explorer banner (shell §8 'Browser warning'). */
  ieWarning: boolean;
  dateFormat: string;
  scanDateFormat: string;
  defaultTheme: 'dark' | 'light';
  defaultLanguage: 'en' | 'tr';
  languages: string[];
  organizationListCacheMs: number;
}

export const DEFAULT_SHELL: ShellSettings = {
  navbar: { width: 280, foldedWidth: 64 },
  languageChangeDelayMs: 100,
  loadingButton: { delayMs: 0, minDisplayMs: 800 },
  preloadSiblingRoutes: 5,
  copyright: { startYear: 2019 },
  ieWarning: true,
  dateFormat: 'yyyy-MM-dd',
  scanDateFormat: 'dd-MM-yyyy HH:mm:ss',
  defaultTheme: 'dark',
  defaultLanguage: 'en',
  languages: ['en', 'tr'],
  organizationListCacheMs: 60_000,
};

type Loose = Record<string, unknown>;

function num(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}
function str(value: unknown, fallback: string): string {
  return typeof value === 'string' && value ? value : fallback;
}
function obj(value: unknown): Loose {
  return value && typeof value === 'object' ? (value as Loose) : {};
}

/** Read a shell-settings body tolerantly (flat or nested names), filling gaps from DEFAULT_SHELL. */
export function readShellSettings(body: unknown): ShellSettings {
  const b = obj(body);
  const navbar = obj(b.navbar);
  const loading = obj(b.loadingButton);
  const copyright = obj(b.copyright ?? b.footer);
  const d = DEFAULT_SHELL;
  return {
    navbar: {
      width: num(navbar.width ?? b.navbarWidth, d.navbar.width),
      foldedWidth: num(navbar.foldedWidth ?? b.navbarFoldedWidth, d.navbar.foldedWidth),
    },
    languageChangeDelayMs: num(b.languageChangeDelayMs, d.languageChangeDelayMs),
    loadingButton: {
      delayMs: num(loading.delayMs ?? loading.delay, d.loadingButton.delayMs),
      minDisplayMs: num(loading.minDisplayMs, d.loadingButton.minDisplayMs),
    },
    preloadSiblingRoutes: num(b.preloadSiblingRoutes, d.preloadSiblingRoutes),
    copyright: { startYear: num(copyright.startYear ?? b.copyrightStartYear, d.copyright.startYear) },
    ieWarning: b.ieWarning !== false,
    dateFormat: str(b.dateFormat, d.dateFormat),
    scanDateFormat: str(b.scanDateFormat, d.scanDateFormat),
    defaultTheme: b.defaultTheme === 'light' ? 'light' : d.defaultTheme,
    defaultLanguage: b.defaultLanguage === 'tr' ? 'tr' : d.defaultLanguage,
    languages: Array.isArray(b.languages) ? (b.languages as string[]) : d.languages,
    organizationListCacheMs: num(
      b.organizationListCacheMs,
      typeof b.organizationListCacheSeconds === 'number' ? b.organizationListCacheSeconds * 1000 : d.organizationListCacheMs,
    ),
  };
}
