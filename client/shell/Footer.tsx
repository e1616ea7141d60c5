import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../runtime/appConfig';

/** '© <start>–<this year> <provider>' (shell §1, §9). */
export function Footer() {
  const { t } = useTranslation();
  const { shell } = useAppConfig();
  const year = new Date().getFullYear();
  return (
    <footer className="app-footer">
      © {shell.copyrightStartYear}–{year} {t('shell.provider')}
    </footer>
  );
}
