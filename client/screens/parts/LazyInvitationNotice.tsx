import { type ComponentProps, lazy, Suspense } from 'react';
import type { InvitationNotice } from './InvitationNotice';

/** Only a page opened from an invitation link shows the notice: its chunk (dayjs, react-query) loads then. */
const Notice = lazy(() =>
  import('./InvitationNotice').then((module) => ({ default: module.QueryingInvitationNotice })),
);

export function LazyInvitationNotice(props: ComponentProps<typeof InvitationNotice>) {
  return (
    <Suspense fallback={null}>
      <Notice {...props} />
    </Suspense>
  );
}
