import type { DelayPolicy } from '../scale/delay-ledgers';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/**
 * Sign-in per account, from any address (shell §4 'Throttling'; docs/gateway/iam.md 'Throttles'):
 * wrong passwords and wrong codes at sign-in are guesses at one account, whichever address sends
 * them. After `freeFailures` of them each further attempt waits 15 s after the last failure,
 * doubling to at most 15 minutes; attempts refused meanwhile are not counted. A lockout would let
 * anyone shut a victim out for good; a capped delay only slows guessing (at most four guesses an
 * hour once at the cap), and the owner's right password works as soon as the wait is over.
 */
export function signInDelayPolicy(freeFailures: number): DelayPolicy {
  return { freeFailures, firstDelayMs: 15 * SECOND, maxDelayMs: 15 * MINUTE, forgetAfterMs: 24 * 60 * MINUTE };
}
