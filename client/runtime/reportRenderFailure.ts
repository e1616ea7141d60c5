import { gatewayClients } from '../api/gateway';

/** What the report endpoint keeps of a reason (server/gateway/request-schemas.ts). */
const REASON_LIMIT = 4000;

/**
 * Sends a render failure to the error-report endpoint (shell §8 'Render failure': the boundary
 * reports it, the user's button on the error page can add their own report). Best effort: a
 * failing report must not break the error page.
 */
export function reportRenderFailure(error: Error, componentStack: string | null | undefined): void {
  const reason = [`render failure: ${error.message}`, componentStack ?? ''].join('\n').trim().slice(0, REASON_LIMIT);
  void gatewayClients()
    .then(({ wbe }) =>
      wbe.post('/user/log/error', {
        page_url: window.location.href.slice(0, 2048),
        error_reason: reason || 'render failure',
      }),
    )
    .catch(() => undefined);
}
