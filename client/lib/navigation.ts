/**
 * Lets non-React code (api interceptors, session actions) navigate through the router once it
 * exists; before that, a full page load does the job.
 */
type Navigate = (path: string) => void;

let navigateImpl: Navigate | null = null;

export function setNavigator(navigate: Navigate | null): void {
  navigateImpl = navigate;
}

export function navigateTo(path: string): void {
  if (navigateImpl) navigateImpl(path);
  else window.location.assign(path);
}

/** A full redirect: used after login and identity switches so every cache starts clean. */
export function hardRedirect(path: string): void {
  window.location.assign(path);
}
