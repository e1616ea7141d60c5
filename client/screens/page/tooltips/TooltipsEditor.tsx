import { Callout, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getVersion, listVersions, versionKey, versionsKey } from '../../documents/documents.api';
import { ID, KIND, TipsDraft } from './TipsDraft';

/**
 * /app/admin/tooltips: the tips of the `tooltips/app` document, edited from its latest version
 * (a draft if one is open, else the published one), previewed sanitised as the admin types, then
 * saved as a draft and published through the config service.
 */
export default function TooltipsEditor() {
  const { t } = useTranslation();
  const versions = useQuery({ queryKey: versionsKey(KIND, ID), queryFn: () => listVersions(KIND, ID) });
  const latest = versions.data?.reduce((max, meta) => Math.max(max, meta.version), 0) || null;
  const document = useQuery({
    queryKey: versionKey(KIND, ID, latest ?? 0),
    queryFn: () => getVersion(KIND, ID, latest as number),
    enabled: latest !== null,
  });

  if (versions.isPending || (latest !== null && document.isPending)) {
    return <Spinner size={24} aria-label={t('shell.loading')} />;
  }
  if (versions.isError || document.isError)
    return <Callout intent="danger">{t('errors.dataCouldNotBeLoaded')}</Callout>;
  // a new draft remounts the editor with the body the server kept
  return <TipsDraft key={document.data?.version ?? 0} document={document.data ?? null} />;
}
