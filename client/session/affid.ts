import { updateSession } from './session.store';

/** Store the affiliate id from `?affid=` on page load (shell §7); the wbe client sends it as X-AFF-ID. */
export function captureAffid(search: string = window.location.search): void {
  const affid = new URLSearchParams(search).get('affid');
  if (affid) updateSession({ affid });
}
