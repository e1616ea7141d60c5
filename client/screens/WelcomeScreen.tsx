import { Button, Card, H1 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ScreenProps } from '../runtime/screen.types';
import { useSession } from '../session/useSession';

/** /welcome/:code (bare layout): greets a signed-in user and sends them to the dashboard. */
export default function WelcomeScreen({ params }: ScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  return (
    <Card elevation={1} className="welcome-card">
      <H1>{t('welcome.title', { name: user?.name ?? '' })}</H1>
      <p>{t('welcome.description')}</p>
      {params.code && <p className="bp6-text-muted">{t('welcome.code', { code: params.code })}</p>}
      <Button intent="primary" text={t('welcome.start')} onClick={() => navigate('/app/dashboard')} />
    </Card>
  );
}
