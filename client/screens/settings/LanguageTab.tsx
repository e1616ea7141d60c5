import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { iam } from '../../api/clients';
import { offeredLanguages } from '../../i18n/i18n';
import type { Language } from '../../session/session.types';
import { updateSession } from '../../session/session.store';
import { useSession } from '../../session/useSession';
import { LoadingButton } from '../../shell/LoadingButton';
import { setLanguage } from '../../shell/preferences';
import { showToast } from '../../lib/toaster';

const browserTimezone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Interface language and timezone; the timezone defaults to the browser's (shell §9). */
export function LanguageTab() {
  const { t } = useTranslation();
  const { language, user } = useSession();
  const [timezone, setTimezone] = useState(user?.timezone ?? '');
  const [saving, setSaving] = useState(false);
  const zones = useMemo(() => Intl.supportedValuesOf?.('timeZone') ?? [browserTimezone], []);

  const saveTimezone = async () => {
    setSaving(true);
    try {
      await iam.put('/me', { timezone: timezone || null });
      if (user) updateSession({ user: { ...user, timezone: timezone || null } });
      void showToast(t('settings.saved'), 'success');
    } catch {
      void showToast(t('errors.somethingWentWrong'), 'danger');
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="settings-tab">
      <FormGroup label={t('settings.language.language')} labelFor="settings-language">
        <HTMLSelect
          id="settings-language"
          value={language}
          onChange={(event) => setLanguage(event.target.value as Language)}
        >
          {offeredLanguages().map((code) => (
            <option key={code} value={code}>
              {t(`shell.language.${code}`)}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <FormGroup
        label={t('settings.language.timezone')}
        labelFor="settings-timezone"
        helperText={t('settings.language.timezoneHelp', { zone: browserTimezone })}
      >
        <HTMLSelect id="settings-timezone" value={timezone} onChange={(event) => setTimezone(event.target.value)}>
          <option value="">{t('settings.language.browserTimezone', { zone: browserTimezone })}</option>
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <LoadingButton intent="primary" loading={saving} text={t('settings.save')} onClick={() => void saveTimezone()} />
    </div>
  );
}
