import { Callout, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { wbe } from '../api/clients';
import { content } from '../api/http';
import { useAppConfig } from '../runtime/appConfig';
import { formatDate } from '../runtime/dates';
import { PageHeader } from './parts/PageHeader';

interface MailLog {
  id: string;
  to: string;
  subject: string;
  status?: string;
  createdAt?: string;
}

/** /app/mail-logs: every mail the server sent or logged, newest first. */
export default function MailLogsScreen() {
  const { t } = useTranslation();
  const { shell } = useAppConfig();
  const logs = useQuery({
    queryKey: ['wbe', 'mail-logs'],
    queryFn: async () => content<MailLog[]>(await wbe.get('/mail-logs')),
  });
  const rows = [...(logs.data ?? [])].sort((a, b) => String(b.createdAt).localeCompare(String(a.createdAt)));

  return (
    <section>
      <PageHeader title={t('mailLogs.title')} />
      {logs.isPending && <Spinner aria-label={t('shell.loading')} />}
      {logs.isError && <Callout intent="danger">{t('errors.dataCouldNotBeLoaded')}</Callout>}
      {logs.data && rows.length === 0 && <NonIdealState icon="envelope" title={t('mailLogs.empty')} />}
      {rows.length > 0 && (
        <HTMLTable striped compact aria-label={t('mailLogs.title')}>
          <thead>
            <tr>
              <th scope="col">{t('mailLogs.date')}</th>
              <th scope="col">{t('mailLogs.to')}</th>
              <th scope="col">{t('mailLogs.subject')}</th>
              <th scope="col">{t('mailLogs.status')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((log) => (
              <tr key={log.id}>
                <td>{formatDate(log.createdAt, `${shell.dateFormat} HH:mm`)}</td>
                <td>{log.to}</td>
                <td>{log.subject}</td>
                <td>{log.status ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </section>
  );
}
