/**
 * Where traffic figures come from (docs/domain/traffic-social.md 'Providers'): the one interface every
 * provider implements. Configuration picks one by name (server/traffic/providers.ts); the service
 * never names a provider.
 */
import type { TrafficMonth } from '../../core/traffic/traffic';

export interface TrafficDataProvider {
  /** Recorded on every query, so a result says where its figures came from. */
  readonly name: string;
  /** The domain's months (a normalised domain), oldest first; none when the provider knows nothing of it. */
  months(domain: string): Promise<TrafficMonth[]>;
}
