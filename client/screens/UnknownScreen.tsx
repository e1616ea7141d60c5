import { Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../runtime/screen.types';

/** The fallback renderer: the routes document names a screen kind this client does not know. */
export default function UnknownScreen({ route }: ScreenProps) {
  const { t } = useTranslation();
  return (
    <Callout intent="warning" title={t('unknownScreen.title')}>
      {t('unknownScreen.description', { kind: route.screen ?? '—' })}
    </Callout>
  );
}
