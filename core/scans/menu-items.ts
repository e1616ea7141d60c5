/**
 * The domain menu of one scan (shell §2.4, §3 'Scan menu group', §7 `GET scan/{scanId}/menu_items`):
 * one group per menu group, one sub-item per check, each with its status. Pure: built on the
 * server (and cached there per scan and language), read by the domain side menu.
 */
import type { ResolvedMenuItem } from '../menus/menu.types';
import type { ScanRecord } from './scan-record';
import type { CheckName, CheckStatus, MenuGroupId } from './scan.types';
import { CHECK_GROUPS, worstStatus } from './status.utils';

/** Shell §3 'Menu item' checkStatus: pass, not_recommended, or other (fail, error, not measured, not yet run). */
export type MenuCheckStatus = 'pass' | 'not_recommended' | 'other';

export interface ScanMenuSubItem {
  id: CheckName;
  title: string;
  type: 'item';
  url: string;
  menu_group_id: MenuGroupId;
  has_data_to_show: boolean;
  checkStatus: MenuCheckStatus;
  /** The check's own status (null: not run yet), for the page and the badge. */
  status: CheckStatus | null;
}

export interface ScanMenuGroup {
  menu_group_id: MenuGroupId;
  name: string;
  /** The worst of its checks' statuses (null while none has completed). */
  pci_compliance: CheckStatus | null;
  has_data_to_show: boolean;
  sub_items: ScanMenuSubItem[];
}

/** The groups in the order the menu shows them (shell §2.8). */
export const MENU_GROUPS: MenuGroupId[] = [
  'site_health',
  'ssl_health',
  'attack_surface',
  'network_tools',
  'remote_access_security',
  'web_application_security',
];

export const menuCheckStatus = (status: CheckStatus | null): MenuCheckStatus =>
  status === 'pass' || status === 'not_recommended' ? status : 'other';

/** `title(key)` translates a locale key (`scan.group.<id>`, `scan.check.<name>`) into the asked language. */
export function scanMenuItems(
  scan: Pick<ScanRecord, 'id' | 'results'>,
  title: (key: string) => string,
): ScanMenuGroup[] {
  const byCheck = new Map(scan.results.map((result) => [result.check, result]));
  return MENU_GROUPS.map((group) => {
    const checks = (Object.keys(CHECK_GROUPS) as CheckName[]).filter((check) => CHECK_GROUPS[check] === group);
    const sub_items = checks.map((check): ScanMenuSubItem => {
      const result = byCheck.get(check);
      return {
        id: check,
        title: title(`scan.check.${check}`),
        type: 'item',
        url: `/app/domain/${scan.id}/${check}`,
        menu_group_id: group,
        has_data_to_show: result !== undefined,
        checkStatus: menuCheckStatus(result?.status ?? null),
        status: result?.status ?? null,
      };
    });
    const ran = sub_items.flatMap((item) => (item.status ? [item.status] : []));
    return {
      menu_group_id: group,
      name: title(`scan.group.${group}`),
      pci_compliance: ran.length > 0 ? worstStatus(ran) : null,
      has_data_to_show: ran.length > 0,
      sub_items,
    };
  });
}

/**
 * The scan menu as side-menu entries: a group per menu group (linking to its first check, with its
 * compliance status as the badge), a child per check. Names arrive translated, so they are kept as
 * an {en, tr} pair of the same text.
 */
export function scanMenuEntries(groups: ScanMenuGroup[]): ResolvedMenuItem[] {
  const text = (value: string) => ({ en: value, tr: value });
  return groups.map((group) => ({
    id: `scan-${group.menu_group_id}`,
    title: text(group.name),
    type: 'collapse',
    icon: 'folder-close',
    auth: [],
    ...(group.pci_compliance ? { badge: `scan.status.${group.pci_compliance}` } : {}),
    children: group.sub_items.map((item) => ({
      id: `scan-${item.id}`,
      title: text(item.title),
      type: 'item',
      icon:
        item.checkStatus === 'pass'
          ? 'tick-circle'
          : item.checkStatus === 'not_recommended'
            ? 'warning-sign'
            : item.status
              ? 'error'
              : 'circle',
      url: item.url,
      auth: [],
    })),
  }));
}
