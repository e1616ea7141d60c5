import { createHash } from 'node:crypto';
import type { SnoozeEntity } from '../../core/transaction-monitoring/alerts';

/**
 * What a snooze matches on: a SHA-256 of the entity and its value as the facts hold it. A card's
 * value is its keyed hash, which the API never shows, so a snooze keeps this digest instead of it.
 */
export function snoozeKey(entity: SnoozeEntity, value: string): string {
  return createHash('sha256').update(`${entity}\u0000${value}`).digest('hex');
}
