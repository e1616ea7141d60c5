import { Spinner } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../runtime/appConfig';
import { signOut } from '../account/signOut';

/** /logout: end the session and go to the login page (shell §2.2). */
export default function LogoutScreen() {
  const { t } = useTranslation();
  const { routes } = useAppConfig();
  useEffect(() => signOut(routes.login), [routes.login]);
  return <Spinner aria-label={t('shell.signingOut')} />;
}
