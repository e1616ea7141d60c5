import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { decideAccess } from '../../core/guard/guard.utils';
import type { RouteDef } from '../../core/routes/route.types';
import { definedParams, fillPath, mountKey } from '../../core/routes/route.utils';
import { resolveText } from '../i18n/text';
import { rememberPath } from '../session/session.store';
import { sessionSubject } from '../session/subject';
import { useSession } from '../session/useSession';
import { useAppConfig } from './appConfig';
import { ScreenHost } from './ScreenHost';

/** Guest on a guarded route: remember where they wanted to go, then the login page (shell §4). */
function ToLogin({ loginPath }: { loginPath: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    rememberPath(location.pathname + location.search);
    navigate(loginPath, { replace: true });
  }, [location, loginPath, navigate]);
  return null;
}

/** One route of the routes document: guard, redirect or screen. */
export function RouteView({ def }: { def: RouteDef }) {
  const { routes, roleGroups } = useAppConfig();
  const session = useSession();
  const params = useParams();
  const location = useLocation();
  const { t, i18n } = useTranslation();
  const decision = decideAccess(def.guard, sessionSubject(session), roleGroups);

  useEffect(() => {
    if (def.title) document.title = resolveText(def.title, t, i18n.language);
  }, [def.title, t, i18n.language]);

  if (decision === 'login') return <ToLogin loginPath={routes.login} />;
  if (decision === 'forbidden') {
    return <ScreenHost kind="noPermission" route={def} params={params} resetKey={location.pathname} />;
  }
  if (def.redirect) {
    return <Navigate to={fillPath(def.redirect, definedParams(params))} replace />;
  }
  return (
    <ScreenHost kind={def.screen} route={def} params={params} resetKey={mountKey(def, location.pathname, params)} />
  );
}
