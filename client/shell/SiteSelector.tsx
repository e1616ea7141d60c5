import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { wbe } from '../api/clients';
import { updateSession } from '../session/session.store';
import { useSession } from '../session/useSession';
import { useSubject } from './useSubject';

interface Site {
  id: string | number;
  name: string;
}

/** GET /sites: only for users with the saq permission; any failure is an empty list (shell §7). */
async function fetchSites(): Promise<Site[]> {
  try {
    const data = (await wbe.get('/sites')).data as { content?: Site[] } | Site[];
    return Array.isArray(data) ? data : (data.content ?? []);
  } catch {
    return [];
  }
}

/** The SAQ side menu's site selector; the chosen id travels as X-SITE-ID. */
export function SiteSelector() {
  const { t } = useTranslation();
  const { siteId } = useSession();
  const subject = useSubject();
  const mayHaveSites = subject.roles.some((role) => role === 'admin' || role.startsWith('saq'));
  const sites = useQuery({ queryKey: ['wbe', 'sites'], queryFn: fetchSites, enabled: mayHaveSites });
  const list = sites.data ?? [];

  useEffect(() => {
    // the first site becomes the selected one when none is chosen
    if (!siteId && list.length > 0) updateSession({ siteId: String(list[0].id) });
  }, [siteId, list]);

  return (
    <FormGroup label={t('shell.siteSelector')} labelFor="site-selector" className="site-selector">
      <HTMLSelect
        id="site-selector"
        fill
        value={siteId ?? ''}
        disabled={list.length === 0}
        onChange={(event) => updateSession({ siteId: event.target.value })}
      >
        {list.length === 0 && <option value="">{t('shell.noSites')}</option>}
        {list.map((site) => (
          <option key={site.id} value={String(site.id)}>
            {site.name}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
}
