import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { offeredLanguages } from '../i18n/i18n';
import { useSession } from '../session/useSession';
import { setLanguage } from './preferences';

/**
 * The language choice of the pages outside the app (sign-in, registration, password reset): each
 * offered language by its own name, as plain buttons (the app's menu needs a popover this page
 * would otherwise not load).
 */
export function PublicLanguages() {
  const { t } = useTranslation();
  const { language } = useSession();
  return (
    <nav className="public-layout__languages" aria-label={t('shell.language.label')}>
      {offeredLanguages().map((code) => (
        <Button
          key={code}
          size="small"
          variant="minimal"
          lang={code}
          aria-pressed={code === language}
          text={t(`shell.language.${code}`)}
          onClick={() => setLanguage(code)}
        />
      ))}
    </nav>
  );
}
