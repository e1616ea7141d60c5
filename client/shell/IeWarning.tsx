import { Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../runtime/appConfig';

const isInternetExplorer = /MSIE |Trident\//.test(navigator.userAgent);

/** Advises another browser when the page runs in Internet Explorer (shell §8 'Browser warning'). */
export function IeWarning() {
  const { t } = useTranslation();
  const { shell } = useAppConfig();
  if (!isInternetExplorer || !shell.ieWarning) return null;
  return (
    <Callout intent="warning" role="alert" className="ie-warning">
      {t('shell.ieWarning')}
    </Callout>
  );
}
