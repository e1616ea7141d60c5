import { Button, Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { evaluateGuard } from '../../core/guard/guard.utils';
import { matchRoute } from '../../core/routes/route.utils';
import { useAppConfig } from '../runtime/appConfig';
import { returnToOriginalUser } from '../account/impersonation';
import { signOut } from '../account/signOut';
import { isSignedIn } from '../session/session.store';
import { useSession } from '../session/useSession';
import { showToast } from '../lib/toaster';
import { useSubject } from './useSubject';

/** Where the Admin entry leads; it shows to whoever passes that route's guard. */
const ADMIN_PATH = '/app/admin/users';

/** The user menu (shell §2.8): login/register when signed out; settings, Admin, go back, logout when in. */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const subject = useSubject();
  const { routes, roleGroups } = useAppConfig();
  const signedIn = isSignedIn(session);
  const admin = matchRoute(routes, ADMIN_PATH);
  const mayAdminister = admin !== null && evaluateGuard(admin.route.guard, subject, roleGroups);
  // an organisation switch keeps the original token too; only another person's session is impersonation
  const impersonating = !!session.originalUser && session.originalUser.uuid !== session.user?.uuid;

  const goBack = () => returnToOriginalUser().catch(() => void showToast(t('errors.somethingWentWrong'), 'danger'));

  const menu = signedIn ? (
    <Menu aria-label={t('shell.userMenu')}>
      <MenuItem icon="cog" text={t('shell.settings')} onClick={() => navigate('/app/settings')} />
      {mayAdminister && <MenuItem icon="key" text={t('shell.admin')} onClick={() => navigate(ADMIN_PATH)} />}
      {impersonating && <MenuItem icon="undo" text={t('shell.goBackToOriginalUser')} onClick={() => void goBack()} />}
      <MenuDivider />
      <MenuItem icon="log-out" text={t('shell.logout')} onClick={() => signOut(routes.login)} />
    </Menu>
  ) : (
    <Menu aria-label={t('shell.userMenu')}>
      <MenuItem icon="log-in" text={t('shell.login')} onClick={() => navigate(routes.login)} />
      <MenuItem icon="new-person" text={t('shell.register')} onClick={() => navigate('/register')} />
    </Menu>
  );

  return (
    <PopoverNext placement="bottom-end" content={menu}>
      <Button
        variant="minimal"
        icon="user"
        endIcon="caret-down"
        aria-label={t('shell.userMenu')}
        text={signedIn ? <span className="user-menu__name">{session.user?.name}</span> : undefined}
      />
    </PopoverNext>
  );
}
