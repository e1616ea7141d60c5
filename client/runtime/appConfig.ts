import { createContext, useContext } from 'react';
import type { LandingBody } from '../../core/landing/landing.types';
import type { MenusBody } from '../../core/menus/menu.types';
import type { RoleGroups } from '../../core/guard/guard.types';
import type { RoutesBody } from '../../core/routes/route.types';
import type { ShellSettingsBody } from '../../core/shell/shell.types';
import { contentOrSelf } from '../api/content';
import { applyShellSettings } from './shellSettings';

/** What GET /config/v1/app answers (docs/gateway/config.md), role groups unwrapped. */
export interface AppConfig {
  routes: RoutesBody;
  menus: MenusBody;
  roleGroups: RoleGroups;
  landing: LandingBody;
  shell: ShellSettingsBody;
  versions?: Record<string, number>;
}

/** The bodies as published: each passed its meta-schema, so they are read as they are. */
interface AppConfigWire extends Omit<AppConfig, 'roleGroups'> {
  roleGroups: { groups: RoleGroups };
}

/**
 * Fetch the published app documents (the browser handles ETag/304, Cache-Control: no-cache) and
 * apply the shell-settings constants the runtime keeps outside React. The same for everyone and
 * read before any sign-in: asked for with fetch, so the sign-in page boots without the gateway
 * clients (client/api/gateway.ts).
 */
export async function fetchAppConfig(): Promise<AppConfig> {
  const answer = await fetch('/config/v1/app', { headers: { accept: 'application/json' } });
  if (!answer.ok) throw new Error(`GET /config/v1/app answered ${answer.status}`);
  const wire = contentOrSelf<AppConfigWire>(await answer.json());
  applyShellSettings(wire.shell);
  return { ...wire, roleGroups: wire.roleGroups.groups };
}

export const AppConfigContext = createContext<AppConfig | null>(null);

/** The app documents this page load booted with. */
export function useAppConfig(): AppConfig {
  const value = useContext(AppConfigContext);
  if (!value) throw new Error('useAppConfig outside the runtime');
  return value;
}
