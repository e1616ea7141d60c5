import { Menu, MenuDivider, MenuItem } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { localizedText, type NotificationView } from '../../core/notifications/notification.types';
import { displayTimeZone } from '../runtime/dateSettings';
import { useSession } from '../session/useSession';
import { bucketLabel, bucketNotifications, type NotificationBuckets } from './notificationBuckets';

const BUCKETS: (keyof NotificationBuckets<unknown>)[] = ['today', 'week', 'earlier'];

/**
 * The bell's menu (client/shell/NotificationBell.tsx): the latest notifications by day, today's with
 * their time. Its own chunk with dayjs, loaded when the bell is first opened.
 */
export default function NotificationMenu({
  shown,
  wereUnread,
}: {
  shown: NotificationView[];
  wereUnread: ReadonlySet<string>;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const ownDateFormat = useSession().user?.date_format;
  const zone = displayTimeZone();
  const language = i18n.language;
  const buckets = bucketNotifications(shown, new Date(), zone);
  const open = (url: string | undefined) => {
    if (!url) return;
    if (url.startsWith('/') && !url.startsWith('//')) navigate(url);
    else if (/^https?:\/\//i.test(url)) window.open(url, '_blank', 'noopener,noreferrer');
  };

  return (
    <Menu className="notification-menu" aria-label={t('notifications.title')}>
      {shown.length === 0 && <MenuItem disabled text={t('notifications.menu.empty')} />}
      {BUCKETS.filter((bucket) => buckets[bucket].length > 0).flatMap((bucket) => [
        <MenuDivider key={bucket} title={t(`notifications.menu.${bucket}`)} />,
        ...buckets[bucket].map((item) => {
          const text = localizedText(item.payload, language);
          return (
            <MenuItem
              key={item.id}
              className={wereUnread.has(item.id) ? 'notification-menu__item--unread' : undefined}
              multiline
              onClick={() => open(text.url)}
              text={
                <span className="notification-menu__text">
                  <strong>{text.title}</strong>
                  {text.description && <span className="notification-menu__description">{text.description}</span>}
                </span>
              }
              label={bucketLabel(bucket, item.createdAtStr, zone, language, ownDateFormat)}
            />
          );
        }),
      ])}
      <MenuDivider />
      <MenuItem icon="list" text={t('notifications.menu.seeAll')} onClick={() => navigate('/app/notifications')} />
    </Menu>
  );
}
