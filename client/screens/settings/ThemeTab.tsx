import { Radio, RadioGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Theme } from '../../session/session.types';
import { useSession } from '../../session/useSession';
import { setTheme } from '../../shell/preferences';

/** Light or dark, saved in the config key and on the profile. */
export function ThemeTab() {
  const { t } = useTranslation();
  const { theme } = useSession();
  return (
    <RadioGroup
      label={t('settings.theme.label')}
      selectedValue={theme}
      onChange={(event) => setTheme(event.currentTarget.value as Theme)}
    >
      <Radio value="dark" label={t('settings.theme.dark')} />
      <Radio value="light" label={t('settings.theme.light')} />
    </RadioGroup>
  );
}
