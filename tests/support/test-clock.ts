/**
 * The clock a test server runs on (createApp's `clock`, ctx.clock): the system time moved by what
 * the test advanced it, so a test that needs time to pass (a new TOTP step, a window closing)
 * moves it instead of waiting.
 */
export interface TestClock {
  now(): Date;
  /** Moves the clock `ms` ahead (for the server and for whoever reads `now`). */
  advance(ms: number): void;
}

export function testClock(): TestClock {
  let shiftMs = 0;
  return {
    now: () => new Date(Date.now() + shiftMs),
    advance(ms) {
      shiftMs += Math.max(ms, 0);
    },
  };
}

/**
 * A clock that moves only when the test moves it: for a test that reads exact remaining times
 * (a Retry-After of 15 s) across many requests, which a loaded machine makes last seconds.
 */
export function stoppedClock(start = new Date()): TestClock {
  let at = start.getTime();
  return {
    now: () => new Date(at),
    advance(ms) {
      at += Math.max(ms, 0);
    },
  };
}
