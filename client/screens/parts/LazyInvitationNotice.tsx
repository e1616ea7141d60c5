import { type ComponentProps, lazy, Suspense } from 'react';
import type { InvitationNotice } from './InvitationNotice';

/** Only a page opened from an invitation link shows the notice: its chunk (dayjs, react-query) loads then. */
const Notice = lazy(async () => {
  const notice = import('./InvitationNotice').then((module) => ({ default: module.InvitationNotice }));
  return (await import('../../lib/withQueries')).queryingModule(notice);
});

export function LazyInvitationNotice(props: ComponentProps<typeof InvitationNotice>) {
  return (
    <Suspense fallback={null}>
      <Notice {...props} />
    </Suspense>
  );
}
