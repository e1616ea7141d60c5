import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { SITES_GUARD } from '../../core/guard/code-guards';
import { evaluateGuard } from '../../core/guard/guard.utils';
import { wbe } from '../api/clients';
import { contentOrSelf } from '../api/http';
import { useAppConfig } from '../runtime/appConfig';
import { updateSession } from '../session/session.store';
import { useSession } from '../session/useSession';
import { useSubject } from './useSubject';

/** A site as GET /wbe/api/sites lists it (shell §3 'Site'). */
export interface Site {
  id: string | number;
  name: string;
}

/** GET /wbe/api/sites; any failure or unexpected answer is an empty list (shell §7). */
export async function fetchSites(): Promise<Site[]> {
  try {
    const list = contentOrSelf<unknown>((await wbe.get('/sites')).data);
    if (!Array.isArray(list)) return [];
    return list.filter((site): site is Site => site !== null && typeof site === 'object' && 'id' in site);
  } catch {
    return [];
  }
}

/** The SAQ side menu's site selector; the chosen id is kept in the config key and travels as X-SITE-ID. */
export function SiteSelector() {
  const { t } = useTranslation();
  const { siteId, token } = useSession();
  const subject = useSubject();
  const { roleGroups } = useAppConfig();
  const sites = useQuery({
    queryKey: ['wbe', 'sites', token],
    queryFn: fetchSites,
    // only who passes the guard the server applies has sites (docs/gateway/wbe.md 'Sites and profile defaults'): no call for anyone else
    enabled: evaluateGuard(SITES_GUARD, subject, roleGroups),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const list = sites.data ?? [];
  const known = list.some((site) => String(site.id) === siteId);

  useEffect(() => {
    // the first site becomes the selected one when none (or one this user no longer has) is chosen
    if (list.length > 0 && !known) updateSession({ siteId: String(list[0].id) });
  }, [list, known]);

  return (
    <FormGroup label={t('shell.siteSelector')} labelFor="site-selector" className="site-selector">
      <HTMLSelect
        id="site-selector"
        fill
        value={known ? siteId : ''}
        disabled={list.length === 0}
        onChange={(event) => updateSession({ siteId: event.target.value })}
      >
        {list.length === 0 && <option value="">{t('shell.noSites')}</option>}
        {list.map((site) => (
          <option key={site.id} value={String(site.id)}>
            {site.name ?? String(site.id)}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
}
