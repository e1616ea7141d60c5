import { generate } from 'otplib';
import type { TestClock } from './test-clock';

const PERIOD_SECONDS = 30;
/** The previous step's code is used only this early in a step, so it is still inside the window when checked. */
const PREVIOUS_STEP_UNTIL_SECONDS = 20;

/**
 * Codes of one TOTP secret as an authenticator app would give them to a user who signs in again
 * and again: the server takes each time step once (RFC 6238 §5.2) and accepts one step of drift
 * either way, so each code is of a later step than the one before, taken from the previous step
 * (early in a step, with time to spare), the current one and the next one. A fourth code within
 * one period needs the next period: `clock`, the server's clock (TestServer.clock), is moved to it;
 * without one (a browser test's server on the system clock) the period is waited for.
 */
export function totpCodes(secret: string, clock?: TestClock): () => Promise<string> {
  let last = -1;
  const nowMs = () => (clock ? clock.now().getTime() : Date.now());
  return async function next() {
    for (;;) {
      const seconds = nowMs() / 1000;
      const now = Math.floor(seconds / PERIOD_SECONDS);
      const earliest = seconds - now * PERIOD_SECONDS < PREVIOUS_STEP_UNTIL_SECONDS ? now - 1 : now;
      const step = Math.max(last + 1, earliest);
      if (step <= now + 1) {
        last = step;
        return generate({ secret, epoch: step * PERIOD_SECONDS });
      }
      // step − 1 must be the current one before `step` is inside the window
      const untilMs = (step - 1) * PERIOD_SECONDS * 1000 - nowMs() + 20;
      if (clock) clock.advance(untilMs);
      else await new Promise((resolve) => setTimeout(resolve, untilMs));
    }
  };
}
