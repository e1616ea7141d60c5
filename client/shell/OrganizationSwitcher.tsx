import { HTMLSelect } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trn } from '../api/clients';
import { content } from '../api/http';
import { useAppConfig } from '../runtime/appConfig';
import { switchOrganization } from '../account/impersonation';
import { currentOrganizationId } from '../session/organization';
import type { Organization } from '../session/session.types';
import { useSession } from '../session/useSession';
import { showToast } from '../lib/toaster';

/**
 * Organisation switcher, shown only to members of more than one organisation (shell §4). It shows
 * the organisation the session works in; choosing another one switches to it.
 */
export function OrganizationSwitcher() {
  const { t } = useTranslation();
  const session = useSession();
  const { landing, shell } = useAppConfig();
  const running = useRef(false);
  const [switchingTo, setSwitchingTo] = useState<string | null>(null);
  const initial = session.organizationList ?? [];
  const list = useQuery({
    queryKey: ['trn', 'organizations', session.user?.uuid],
    queryFn: async () => content<Organization[]>(await trn.get('/login/organization/list')),
    enabled: initial.length > 1,
    initialData: initial,
    initialDataUpdatedAt: 0,
    staleTime: shell.organizationListCacheSeconds * 1000,
  });
  const organizations = list.data ?? [];
  if (organizations.length <= 1) return null;
  const current = currentOrganizationId({ token: session.token, organizationList: organizations });

  const onSelect = async (id: string) => {
    if (running.current || !id || id === current) return; // a selection is ignored while a switch runs
    running.current = true;
    setSwitchingTo(id);
    try {
      await switchOrganization(id, landing); // the page reloads
    } catch {
      void showToast(t('errors.notAMember'), 'danger');
      running.current = false;
      setSwitchingTo(null);
    }
  };

  return (
    <HTMLSelect
      aria-label={t('shell.organization')}
      title={t('shell.switchOrganization')}
      disabled={switchingTo !== null}
      minimal
      value={switchingTo ?? current ?? ''}
      onChange={(event) => void onSelect(event.target.value)}
    >
      {organizations.map((organization) => (
        <option key={organization.id} value={String(organization.id)}>
          {organization.name}
        </option>
      ))}
    </HTMLSelect>
  );
}
