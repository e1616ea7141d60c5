import { generate } from 'otplib';

const PERIOD_SECONDS = 30;
const stepNow = () => Math.floor(Date.now() / 1000 / PERIOD_SECONDS);

/**
 * Codes of one TOTP secret as an authenticator app would give them to a user who signs in again
 * and again: the server takes each time step once (RFC 6238 §5.2), so each code is of a later step
 * than the one before. The current and the next step are inside the server's window however long
 * the request takes; a third code within one period waits for the next period.
 */
export function totpCodes(secret: string): () => Promise<string> {
  let last = -1;
  return async function next() {
    for (;;) {
      const now = stepNow();
      const step = Math.max(last + 1, now);
      if (step <= now + 1) {
        last = step;
        return generate({ secret, epoch: step * PERIOD_SECONDS });
      }
      // step − 1 must be the current one before `step` is inside the window
      await new Promise((resolve) => setTimeout(resolve, (step - 1) * PERIOD_SECONDS * 1000 - Date.now() + 20));
    }
  };
}
