import { Button, Callout, HTMLTable, Spinner, Tag } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { wbe } from '../api/clients';
import { content } from '../api/http';
import { useAppConfig } from '../runtime/appConfig';
import { formatDate } from '../runtime/dates';
import { impersonate } from '../account/impersonation';
import { useSession } from '../session/useSession';
import { showToast } from '../lib/toaster';
import { PageHeader } from './parts/PageHeader';

interface AdminUser {
  uuid: string;
  name: string;
  email: string;
  roles?: string[];
  verified?: boolean;
  approved?: boolean;
  createdAt?: string;
}

const usersKey = ['wbe', 'admin', 'users'];

/** /app/admin/users: every user with verified/approved status, Approve and Impersonate. */
export default function AdminUsersScreen() {
  const { t } = useTranslation();
  const { landing, shell } = useAppConfig();
  const { user: me } = useSession();
  const queryClient = useQueryClient();
  const users = useQuery({
    queryKey: usersKey,
    queryFn: async () => content<AdminUser[]>(await wbe.get('/admin/users')),
  });
  const approve = useMutation({
    mutationFn: async (uuid: string) => wbe.post(`/admin/users/${encodeURIComponent(uuid)}/approve`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
    onError: () => void showToast(t('errors.somethingWentWrong'), 'danger'),
  });
  const takeOver = useMutation({
    mutationFn: async (uuid: string) => impersonate(uuid, landing),
    onError: () => void showToast(t('errors.somethingWentWrong'), 'danger'),
  });

  return (
    <section>
      <PageHeader title={t('admin.users.title')} />
      {users.isPending && <Spinner aria-label={t('shell.loading')} />}
      {users.isError && <Callout intent="danger">{t('errors.dataCouldNotBeLoaded')}</Callout>}
      {users.data && (
        <HTMLTable striped interactive className="admin-users" aria-label={t('admin.users.title')}>
          <thead>
            <tr>
              <th scope="col">{t('admin.users.name')}</th>
              <th scope="col">{t('admin.users.email')}</th>
              <th scope="col">{t('admin.users.roles')}</th>
              <th scope="col">{t('admin.users.createdAt')}</th>
              <th scope="col">{t('admin.users.status')}</th>
              <th scope="col">{t('admin.users.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {users.data.map((user) => (
              <tr key={user.uuid}>
                <td>{user.name}</td>
                <td>{user.email}</td>
                <td>{(user.roles ?? []).join(', ')}</td>
                <td>{formatDate(user.createdAt, shell.dateFormat)}</td>
                <td>
                  <Tag minimal intent={user.verified ? 'success' : 'warning'}>
                    {t(user.verified ? 'admin.users.verified' : 'admin.users.notVerified')}
                  </Tag>{' '}
                  <Tag minimal intent={user.approved ? 'success' : 'warning'}>
                    {t(user.approved ? 'admin.users.approved' : 'admin.users.notApproved')}
                  </Tag>
                </td>
                <td>
                  {!user.approved && (
                    <Button
                      size="small"
                      intent="primary"
                      text={t('admin.users.approve')}
                      loading={approve.isPending && approve.variables === user.uuid}
                      onClick={() => approve.mutate(user.uuid)}
                    />
                  )}{' '}
                  {user.uuid !== me?.uuid && (
                    <Button
                      size="small"
                      text={t('admin.users.impersonate')}
                      loading={takeOver.isPending && takeOver.variables === user.uuid}
                      onClick={() => takeOver.mutate(user.uuid)}
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </section>
  );
}
