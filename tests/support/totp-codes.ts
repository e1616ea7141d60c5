import { generate } from 'otplib';

const PERIOD_SECONDS = 30;
/** The previous step's code is used only this early in a step, so it is still inside the window when checked. */
const PREVIOUS_STEP_UNTIL_SECONDS = 20;

/**
 * Codes of one TOTP secret as an authenticator app would give them to a user who signs in again
 * and again: the server takes each time step once (RFC 6238 §5.2) and accepts one step of drift
 * either way, so each code is of a later step than the one before, taken from the previous step
 * (early in a step, with time to spare), the current one and the next one. A fourth code within
 * one period waits for the next period.
 */
export function totpCodes(secret: string): () => Promise<string> {
  let last = -1;
  return async function next() {
    for (;;) {
      const seconds = Date.now() / 1000;
      const now = Math.floor(seconds / PERIOD_SECONDS);
      const earliest = seconds - now * PERIOD_SECONDS < PREVIOUS_STEP_UNTIL_SECONDS ? now - 1 : now;
      const step = Math.max(last + 1, earliest);
      if (step <= now + 1) {
        last = step;
        return generate({ secret, epoch: step * PERIOD_SECONDS });
      }
      // step − 1 must be the current one before `step` is inside the window
      await new Promise((resolve) => setTimeout(resolve, (step - 1) * PERIOD_SECONDS * 1000 - Date.now() + 20));
    }
  };
}
