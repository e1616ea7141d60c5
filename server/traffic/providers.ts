import type { Store } from '../store/store.types';
import { ImportedTrafficProvider } from './imported-traffic-provider';
import type { TrafficDataProvider } from './traffic-provider';

/** The providers by the name configuration gives (`TRAFFIC_PROVIDER`, default `imported`); a commercial API is one more entry. */
export const TRAFFIC_PROVIDERS = {
  imported: (store: Store): TrafficDataProvider => new ImportedTrafficProvider(store),
} as const;

export type TrafficProviderName = keyof typeof TRAFFIC_PROVIDERS;

/** The configured provider; an unknown name stops start-up rather than failing every query later. */
export function trafficProviderOf(store: Store, name = 'imported'): TrafficDataProvider {
  if (!Object.hasOwn(TRAFFIC_PROVIDERS, name)) {
    throw new Error(`Unknown TRAFFIC_PROVIDER "${name}" (known: ${Object.keys(TRAFFIC_PROVIDERS).join(', ')})`);
  }
  return TRAFFIC_PROVIDERS[name as TrafficProviderName](store);
}
