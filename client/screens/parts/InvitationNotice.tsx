import { Callout, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { InvitationView } from '../../../core/invitations/invitation';
import { inv } from '../../api/clients';
import { withQueries } from '../../lib/withQueries';
import { content } from '../../api/http';
import { formatDate } from '../../runtime/dates';
import { useDateFormat } from '../../runtime/useDateFormat';

/** GET /inv/api/invitation/:code (shell §7): the invitation as anyone holding the link sees it. */
function useInvitation(code: string) {
  return useQuery({
    queryKey: ['invitation', code],
    queryFn: async () => content<InvitationView>(await inv.get(`/invitation/${encodeURIComponent(code)}`)),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * Who invites the visitor into which organisation and with which role, above the sign-in or
 * registration form. A lookup failure marks the invitation invalid: /invitation-not-found (shell §8).
 */
export function InvitationNotice({ code, hint }: { code: string; hint?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dateFormat = useDateFormat();
  const invitation = useInvitation(code);

  useEffect(() => {
    if (invitation.isError) navigate('/invitation-not-found', { replace: true });
  }, [invitation.isError, navigate]);

  if (invitation.isPending) return <Spinner size={20} aria-label={t('invitations.accept.loading')} />;
  if (!invitation.data) return null;
  const { sender_name, source_name, role, target_email, expires_at } = invitation.data;
  return (
    <Callout intent="primary" icon="envelope" title={t('invitations.accept.title')} className="invitation-notice">
      <p>
        {t('invitations.accept.invitedBy', {
          sender: sender_name,
          organization: source_name,
          role: t(`invitations.roles.${role}`),
        })}
      </p>
      {target_email && <p>{t('invitations.accept.forEmail', { email: target_email })}</p>}
      <p>{t('invitations.accept.validUntil', { date: formatDate(expires_at, dateFormat) })}</p>
      {hint && <p>{hint}</p>}
    </Callout>
  );
}

/** The notice under the query client: the sign-in page that shows it has none (client/lib/withQueries.tsx). */
export const QueryingInvitationNotice = withQueries(InvitationNotice);
