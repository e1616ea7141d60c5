import { Button, NonIdealState } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { switchOrganization } from '../../account/impersonation';
import { showToast } from '../../lib/toaster';
import { useAppConfig } from '../../runtime/appConfig';
import { currentOrganizationId } from '../../session/organization';
import { useSession } from '../../session/useSession';

/**
 * A page's record that is not there — or is another organisation's: the gateway answers 404 for
 * both, so nothing says which. A member of other organisations (an admin working in the wrong one)
 * is offered each of them: switching comes back to this same address there.
 */
export function RecordNotFound() {
  const { t } = useTranslation();
  const session = useSession();
  const { landing } = useAppConfig();
  const { pathname, search } = useLocation();
  const [switching, setSwitching] = useState(false);
  const organizations = session.organizationList ?? [];
  const current = currentOrganizationId({ token: session.token, organizationList: organizations });
  const others = organizations.filter((organization) => String(organization.id) !== String(current));

  const lookIn = async (id: string | number) => {
    setSwitching(true);
    try {
      await switchOrganization(id, landing, `${pathname}${search}`); // the page reloads there
    } catch {
      void showToast(t('errors.notAMember'), 'danger');
      setSwitching(false);
    }
  };

  return (
    <NonIdealState
      className="page-screen page-screen--missing"
      icon="search"
      title={t('page.recordNotFound')}
      description={t('page.recordNotFoundText')}
      action={
        others.length > 0 ? (
          <div className="page-screen__elsewhere">
            <p>{t('page.recordElsewhere')}</p>
            {others.map((organization) => (
              <Button
                key={organization.id}
                icon="swap-horizontal"
                disabled={switching}
                onClick={() => void lookIn(organization.id)}
              >
                {t('page.lookIn', { name: organization.name })}
              </Button>
            ))}
          </div>
        ) : undefined
      }
    />
  );
}
