import type { Intent, Toaster } from '@blueprintjs/core';

let toasterPromise: Promise<Toaster> | null = null;

/** The app's one toaster, made on first use. */
export function toaster(): Promise<Toaster> {
  toasterPromise ??= import('./toasterImpl').then(({ createToaster }) => createToaster());
  return toasterPromise;
}

/** Show a toast; `message` is already translated. */
export async function showToast(message: string, intent: Intent = 'none', timeout = 5000): Promise<void> {
  (await toaster()).show({ message, intent, timeout });
}
