import { createContext, useContext } from 'react';
import type { LandingBody } from '../../core/landing/landing.types';
import type { MenusBody } from '../../core/menus/menu.types';
import type { RoleGroups } from '../../core/guard/guard.types';
import type { RoutesBody } from '../../core/routes/route.types';
import { config } from '../api/clients';
import { contentOrSelf } from '../api/http';
import { readShellSettings, type ShellSettings } from './shellSettings';

/** What GET /config/v1/app answers (contracts.md 'Config service'), with shell settings read. */
export interface AppConfig {
  routes: RoutesBody;
  menus: MenusBody;
  roleGroups: RoleGroups;
  landing: LandingBody;
  shell: ShellSettings;
  versions?: Record<string, number>;
}

interface AppConfigWire extends Omit<AppConfig, 'shell' | 'roleGroups'> {
  shell: unknown;
  roleGroups: RoleGroups | { groups: RoleGroups } | null;
}

/** The role-groups body holds its map under `groups`; core wants the map itself. */
function roleGroupsOf(body: AppConfigWire['roleGroups']): RoleGroups {
  if (!body) return {};
  return 'groups' in body && typeof body.groups === 'object' && !Array.isArray(body.groups)
    ? (body.groups as RoleGroups)
    : (body as RoleGroups);
}

/** Fetch the published app documents; the browser handles ETag/304 (Cache-Control: no-cache). */
export async function fetchAppConfig(): Promise<AppConfig> {
  const wire = contentOrSelf<AppConfigWire>((await config.get('/app')).data);
  return { ...wire, roleGroups: roleGroupsOf(wire.roleGroups), shell: readShellSettings(wire.shell) };
}

export const appConfigQueryKey = ['config', 'app'] as const;

export const AppConfigContext = createContext<AppConfig | null>(null);

/** The app documents this page load booted with. */
export function useAppConfig(): AppConfig {
  const value = useContext(AppConfigContext);
  if (!value) throw new Error('useAppConfig outside the runtime');
  return value;
}
