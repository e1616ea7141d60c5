import { Button, Callout, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { wbe } from '../../../api/clients';

/**
 * A report template's preview: the real PDF's first page as the server renders it, shown by the
 * browser's own PDF viewer in a frame (Chromium draws it, headless too). The bytes come with the
 * session's token and are framed from a blob address, since a frame cannot send the header.
 */
export default function ReportTemplatePreview() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const preview = useQuery({
    queryKey: ['wbe', 'report-templates', id, 'preview'],
    queryFn: async () =>
      (await wbe.get<Blob>(`/report-templates/${encodeURIComponent(id)}/preview`, { responseType: 'blob' })).data,
    // the template changes under the same id: read it again whenever the page is shown
    staleTime: 0,
  });
  const url = useMemo(
    () => (preview.data ? URL.createObjectURL(new Blob([preview.data], { type: 'application/pdf' })) : null),
    [preview.data],
  );
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);

  if (preview.isPending) return <Spinner size={24} aria-label={t('shell.loading')} />;
  if (!url) return <Callout intent="danger">{t('reportTemplates.previewFailed')}</Callout>;
  return (
    <div>
      <Button icon="refresh" text={t('reportTemplates.refreshPreview')} onClick={() => void preview.refetch()} />
      <iframe
        title={t('reportTemplates.preview')}
        src={url}
        data-testid="report-template-preview"
        style={{ width: '100%', height: 720, border: 0, marginTop: 8 }}
      />
    </div>
  );
}
