import { OverlayToaster, Position, type Toaster } from '@blueprintjs/core';

/** The app's one toaster; loaded on first use so the sign-in page does not carry the overlay code. */
export function createToaster(): Promise<Toaster> {
  return OverlayToaster.createAsync({ position: Position.TOP });
}
