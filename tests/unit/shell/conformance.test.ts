import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ShellSettingsBody } from '../../../core/shell/shell.types';
import { clientForPath, ntgw } from '../../../client/api/clients';
import { sessionSurvives401 } from '../../../client/api/http';
import { offeredLanguages } from '../../../client/i18n/i18n';
import { formatDate, formatScanDate } from '../../../client/runtime/dates';
import { displayTimeZone } from '../../../client/runtime/dateSettings';
import { applyShellSettings } from '../../../client/runtime/shellSettings';
import { getSession, SESSION_KEY, updateSession } from '../../../client/session/session.store';
import type { SessionUser } from '../../../client/session/session.types';

/** An in-memory localStorage, so the session store runs under Node as in the browser. */
class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  keys() {
    return [...this.items.keys()];
  }
}

const storage = new MemoryStorage();
Object.assign(globalThis, { localStorage: storage });

const seeded = JSON.parse(readFileSync('schemas/app/shell-settings.json', 'utf8')).body as ShellSettingsBody;

/** Issue 6, shell conformance items 16, 21, 22 and 23. */
describe('shell conformance', () => {
  beforeEach(() => applyShellSettings(seeded));

  it('a 401 keeps the session only on the sign-in call itself and on notification calls (shell §4)', () => {
    expect(sessionSurvives401('/iam/api/login')).toBe(true);
    expect(sessionSurvives401('/iam/api/login?x=1')).toBe(true);
    expect(sessionSurvives401('/ntgw/api/notifs')).toBe(true);
    for (const path of [
      '/trn/v2/login/organization/list',
      '/trn/v2/login/organization/7',
      '/iam/api/me',
      '/wbe/api/login',
    ]) {
      expect(sessionSurvives401(path), path).toBe(false);
    }
  });

  it('has a client for every service prefix of shell §7, the notification one with its api key header', async () => {
    for (const path of ['/iam/api/x', '/wbe/api/x', '/trn/v2/x', '/saq/api/v1/x', '/maq/api/x', '/inv/api/x']) {
      expect(clientForPath(path).url).toBe('/x');
    }
    for (const path of ['/ntgw/api/x', '/ast/x', '/wa2/api/v2/x', '/mapi/api/v1/x', '/payments/api/v1/x']) {
      expect(clientForPath(path).url).toBe('/x');
    }
    expect(clientForPath('/ntgw/api/notifs').client).toBe(ntgw);
    const sent = await ntgw.get('/notifs', {
      adapter: async (config) => ({ data: config.headers, status: 200, statusText: 'OK', headers: {}, config }),
    });
    expect(sent.data['X-Api-Key']).toBeTruthy();
  });

  it('takes the storage key, first-visit defaults, languages and date formats from the shell-settings document', () => {
    updateSession({ rememberedPath: '/app/x' });
    expect(storage.getItem(SESSION_KEY)).not.toBeNull();
    applyShellSettings({
      ...seeded,
      storageKey: 'paysec',
      defaultTheme: 'light',
      defaultNavbarFolded: false,
      languages: ['tr'],
      defaultLanguage: 'tr',
      dateFormat: 'dd.MM.yyyy',
      scanDateFormat: 'yyyy/MM/dd',
    });
    expect(storage.getItem(SESSION_KEY)).toBeNull();
    expect(JSON.parse(storage.getItem('paysec') ?? '{}').rememberedPath).toBe('/app/x');
    expect(getSession()).toMatchObject({
      theme: 'light',
      language: 'tr',
      navbarFolded: false,
      rememberedPath: '/app/x',
    });
    expect(offeredLanguages()).toEqual(['tr']);
    expect(formatDate('2024-03-10T12:00:00Z', undefined, 'UTC')).toBe('10.03.2024');
    updateSession({ theme: 'dark' });
    applyShellSettings({ ...seeded, storageKey: 'paysec' });
    expect(getSession().theme).toBe('dark');
    expect(formatScanDate('2024-03-10T12:00:00Z').startsWith('10-03-2024')).toBe(true);
    applyShellSettings(seeded);
    expect(storage.getItem('paysec')).toBeNull();
    expect(offeredLanguages()).toEqual(['en', 'tr']);
  });

  it("shows dates in the user's time zone: Europe/Istanbul and America/New_York", () => {
    const instant = '2024-03-10T21:30:00Z';
    const signIn = (timezone: string | null) =>
      updateSession({ token: 't', user: { uuid: 'u', name: 'U', email: 'u@x', timezone } as SessionUser });
    signIn('Europe/Istanbul');
    expect(displayTimeZone()).toBe('Europe/Istanbul');
    expect(formatDate(instant, 'yyyy-MM-dd HH:mm')).toBe('2024-03-11 00:30');
    expect(formatDate(instant)).toBe('2024-03-11');
    signIn('America/New_York');
    expect(formatDate(instant, 'yyyy-MM-dd HH:mm')).toBe('2024-03-10 17:30');
    expect(formatDate('2024-01-10T21:30:00Z', 'HH:mm')).toBe('16:30');
    // no zone of their own: the document's default, here a named one instead of 'browser'
    signIn(null);
    applyShellSettings({ ...seeded, defaultTimezone: 'Europe/Istanbul' });
    expect(formatDate(instant, 'HH:mm')).toBe('00:30');
    applyShellSettings(seeded);
    expect(displayTimeZone()).toBeUndefined();
  });
});
