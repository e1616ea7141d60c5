import { Button, Icon, PopoverNext, Spinner } from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type HydraCollection,
  isShown,
  NOTIFICATION_EVENT,
  type NotificationEventData,
  type NotificationView,
} from '../../core/notifications/notification.types';
import { ntgw } from '../api/clients';
import { useRealtimeEvent, useRealtimeLive } from '../realtime/useRealtimeEvent';
import { useAppConfig } from '../runtime/appConfig';
import { isSignedIn } from '../session/session.store';
import { useSession } from '../session/useSession';
import { readAgain } from '../lib/queryClient';

const menuKey = (userId: string) => ['notifications', 'menu', userId] as const;

/** Page 1, newest first (shell §7); a failed list is an empty one (shell §8), never an error on screen. */
async function loadMenu(): Promise<NotificationView[]> {
  try {
    const { data } = await ntgw.get<HydraCollection<NotificationView>>('/notifs', {
      params: { page: 1, 'order[id]': 'desc' },
    });
    return Array.isArray(data?.member) ? data.member : [];
  } catch {
    return [];
  }
}

/** The notification bell (shell §4, §9), for a signed-in user only. */
export function NotificationBell() {
  const session = useSession();
  const userId = isSignedIn(session) ? String(session.user?.uuid ?? '') : '';
  return userId ? <Bell userId={userId} /> : null;
}

// the menu (its day buckets and dates) loads when the bell is first opened
const NotificationMenu = lazy(() => import('./NotificationMenu'));

function Bell({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { shell } = useAppConfig();
  const key = menuKey(userId);
  const { data: items = [] } = useQuery({ queryKey: key, queryFn: loadMenu });
  /** A 'received' event came since the menu was last opened. */
  const [arrived, setArrived] = useState(false);
  /** Bumped per event: a new value restarts the shake animation. */
  const [shake, setShake] = useState(0);
  /** The ones unread when the menu opened: they stay marked while it is open. */
  const [wereUnread, setWereUnread] = useState<ReadonlySet<string>>(new Set());

  /** The menu is open: unread ones that reach the list now are marked too. */
  const [isOpen, setOpen] = useState(false);
  /** Ids this opening already tried to mark: a failure is not retried until the next opening. */
  const tried = useRef<Set<string>>(new Set());

  useRealtimeEvent<NotificationEventData>(NOTIFICATION_EVENT, (data) => {
    if (data?.notification && !isShown(data.notification.groups)) return; // 'ignore' ones are someone else's business
    if (!isOpen) setArrived(true); // an open menu marks it once listed
    setShake((count) => count + 1);
    void readAgain(queryClient, key);
  });

  const live = useRealtimeLive();
  const unread = items.filter((item) => item.statusStr === 'ACTIVE').map((item) => item.id);
  const fresh = arrived || unread.length > 0;
  const unreadIds = unread.join(' ');

  const opening = () => {
    setArrived(false);
    setWereUnread(new Set());
    tried.current = new Set();
    setOpen(true);
  };

  // an open menu marks the unread ones read (shell §4), also those of a list still loading when it
  // opened (the bell turns fresh on the event, the list follows); a failure is only logged (shell §8)
  useEffect(() => {
    if (!isOpen) return;
    const ids = unreadIds.split(' ').filter((id) => id && !tried.current.has(id));
    if (ids.length === 0) return;
    for (const id of ids) tried.current.add(id);
    setWereUnread((before) => new Set([...before, ...ids]));
    ntgw
      .post('/notifications/mark-as-read', { ids, receiverExternalId: userId })
      .then(() => {
        queryClient.setQueryData<NotificationView[]>(menuKey(userId), (old) =>
          old?.map((item) => (ids.includes(item.id) ? { ...item, statusStr: 'READ' } : item)),
        );
      })
      .catch((error: unknown) => console.error('Marking notifications read failed', error));
  }, [isOpen, unreadIds, userId, queryClient]);

  const shown = items.slice(0, shell.notificationMenuSize);
  const menu = (
    <Suspense fallback={<Spinner size={20} aria-label={t('shell.loading')} />}>
      <NotificationMenu shown={shown} wereUnread={wereUnread} />
    </Suspense>
  );

  return (
    <PopoverNext
      placement="bottom-end"
      content={menu}
      onOpening={opening}
      onClosing={() => setOpen(false)}
      onClosed={() => void readAgain(queryClient, key)}
    >
      <Button
        className="notification-bell"
        variant="minimal"
        // a new key per event restarts the shake (shell §4: a new notification shakes the bell)
        icon={
          <span key={shake} className={`notification-bell__icon${fresh ? ' notification-bell__icon--shake' : ''}`}>
            <Icon icon="notifications" />
            {fresh && <span className="notification-bell__dot" />}
          </span>
        }
        data-fresh={fresh ? 'true' : 'false'}
        data-live={live ? 'true' : 'false'}
        aria-label={t(fresh ? 'notifications.menu.new' : 'shell.notifications')}
        title={t(fresh ? 'notifications.menu.new' : 'shell.notifications')}
      />
    </PopoverNext>
  );
}
