import { isDateFormat } from '../../core/dates/date-formats';
import { useSession } from '../session/useSession';
import { useAppConfig } from './appConfig';

/**
 * The date format a screen shows dates in: the user's choice on their profile, else the shell
 * settings' (the spec's yyyy-MM-dd). Read through the session, so a saved choice applies at once.
 */
export function useDateFormat(): string {
  const { user } = useSession();
  const { shell } = useAppConfig();
  const chosen = user?.date_format;
  return isDateFormat(chosen) ? chosen : shell.dateFormat;
}
