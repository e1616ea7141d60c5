import { Button, Menu, MenuItem, PopoverNext } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { offeredLanguages } from '../i18n/i18n';
import { useSession } from '../session/useSession';
import { setLanguage } from './preferences';

/** Language choice (en/tr): stored in the config key and on the profile; applied after a short wait. */
export function LanguageMenu() {
  const { t } = useTranslation();
  const { language } = useSession();
  return (
    <PopoverNext
      placement="bottom-end"
      content={
        <Menu aria-label={t('shell.language.label')}>
          {offeredLanguages().map((code) => (
            <MenuItem
              key={code}
              text={t(`shell.language.${code}`)}
              lang={code}
              active={code === language}
              onClick={() => setLanguage(code)}
            />
          ))}
        </Menu>
      }
    >
      <Button variant="minimal" icon="translate" aria-label={t('shell.language.label')} text={language.toUpperCase()} />
    </PopoverNext>
  );
}
