import { preloadable } from './preloadable';
import type { ScreenComponent, ScreenEntry } from './screen.types';

type Load = () => Promise<{ default: ScreenComponent }>;
/** A screen under the query client: its chunk and react-query's load together (client/lib/withQueries.tsx). */
const entry = (load: Load): ScreenEntry =>
  preloadable(async () => {
    const screen = load();
    return (await import('../lib/withQueries')).queryingModule(screen);
  });
/** The sign-in screen makes no query: it loads without react-query. */
const withoutQueries = (load: Load): ScreenEntry => preloadable(load);

/**
 * Screen kinds the routes document may name in `screen`. Every kind is its own chunk so the
 * sign-in page loads only the login renderer (RJSF, tables and admin screens stay out).
 */
export const screenRegistry: Record<string, ScreenEntry> = {
  'auth.login': withoutQueries(() => import('../screens/LoginScreen')),
  'auth.register': entry(() => import('../screens/RegisterScreen')),
  'auth.verification': entry(() => import('../screens/VerificationScreen')),
  'auth.forgotPassword': entry(() => import('../screens/ForgotPasswordScreen')),
  'auth.resetPassword': entry(() => import('../screens/ResetPasswordScreen')),
  'auth.logout': entry(() => import('../screens/LogoutScreen')),
  'auth.invitationNotFound': entry(() => import('../screens/InvitationNotFoundScreen')),
  welcome: entry(() => import('../screens/WelcomeScreen')),
  'error.404': entry(() => import('../screens/NotFoundScreen')),
  'error.500': entry(() => import('../screens/ServerErrorScreen')),
  noPermission: entry(() => import('../screens/NoPermissionScreen')),
  placeholder: entry(() => import('../screens/PlaceholderScreen')),
  'admin.documents': entry(() => import('../screens/AdminDocumentsScreen')),
  form: entry(() => import('../screens/FormScreen')),
  wizard: entry(() => import('../screens/wizard/WizardScreen')),
  list: entry(() => import('../screens/list/ListScreen')),
  page: entry(() => import('../screens/page/PageScreen')),
  questionnaire: entry(() => import('../screens/questionnaire/QuestionnaireScreen')),
};

/** Renders a kind nobody registered: a visible notice rather than a blank page. */
export const fallbackScreen: ScreenEntry = entry(() => import('../screens/UnknownScreen'));

export function screenFor(kind: string | undefined): ScreenEntry {
  return (kind && screenRegistry[kind]) || fallbackScreen;
}
