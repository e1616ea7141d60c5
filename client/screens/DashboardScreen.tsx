import { Card, H2, H3, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/useSession';
import { PageHeader } from './parts/PageHeader';

// the stat cards later issues fill with real numbers
const STAT_CARDS = ['scans', 'compliance', 'issues', 'reports'] as const;

/** The dashboard: a welcome card with the user's name and roles, and placeholder stat cards. */
export default function DashboardScreen() {
  const { t } = useTranslation();
  const { user, roles } = useSession();
  return (
    <section>
      <PageHeader title={t('dashboard.title')} />
      <Card elevation={1}>
        <H2>{t('dashboard.welcome', { name: user?.name ?? '' })}</H2>
        <p>{t('dashboard.rolesLabel')}</p>
        <div className="dashboard__roles">
          {(roles ?? []).map((role) => (
            <Tag key={role} minimal round intent="primary" className="dashboard__role">
              {role}
            </Tag>
          ))}
        </div>
      </Card>
      <div className="card-grid">
        {STAT_CARDS.map((card) => (
          <Card key={card} elevation={1}>
            <H3>{t(`dashboard.stats.${card}`)}</H3>
            <p className="bp6-text-muted">{t('dashboard.statPending')}</p>
          </Card>
        ))}
      </div>
    </section>
  );
}
