import { Card, Tab, Tabs } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from './parts/PageHeader';
import { LanguageTab } from './settings/LanguageTab';
import { ProfileTab } from './settings/ProfileTab';
import { SecurityTab } from './settings/SecurityTab';
import { ThemeTab } from './settings/ThemeTab';

const TABS = ['profile', 'language', 'theme', 'security'] as const;
type TabId = (typeof TABS)[number];

/** /app/settings: profile, language & timezone, theme and security; ?tab= picks the open tab. */
export default function SettingsScreen() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const requested = search.get('tab');
  const selected: TabId = TABS.includes(requested as TabId) ? (requested as TabId) : 'profile';

  return (
    <section>
      <PageHeader title={t('settings.title')} />
      <Card elevation={1}>
        <Tabs
          id="settings"
          selectedTabId={selected}
          renderActiveTabPanelOnly
          onChange={(tab) => setSearch({ tab: String(tab) }, { replace: true })}
        >
          <Tab id="profile" title={t('settings.tabs.profile')} panel={<ProfileTab />} />
          <Tab id="language" title={t('settings.tabs.language')} panel={<LanguageTab />} />
          <Tab id="theme" title={t('settings.tabs.theme')} panel={<ThemeTab />} />
          <Tab id="security" title={t('settings.tabs.security')} panel={<SecurityTab />} />
        </Tabs>
      </Card>
    </section>
  );
}
