import { Callout } from '@blueprintjs/core';
import type { ErrorListProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';

/** The form's errors summed up above it after a failed submit; each message stays on its field. */
export function ErrorListTemplate({ errors }: ErrorListProps) {
  const { t } = useTranslation();
  if (errors.length === 0) return null;
  return <Callout intent="danger" title={t('errors.validationFailed')} className="rjsf-error-list" compact />;
}
