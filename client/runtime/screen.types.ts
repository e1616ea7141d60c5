import type { ComponentType, LazyExoticComponent } from 'react';
import type { RouteDef } from '../../core/routes/route.types';

/** What every screen renderer receives from the runtime. */
export interface ScreenProps {
  route: RouteDef;
  /** Path parameters of the matched route, e.g. { invitationId }. */
  params: Record<string, string | undefined>;
  /** `props` of the route definition (e.g. { title } for a placeholder, { formId } for a form). */
  props: Record<string, unknown>;
}

export type ScreenComponent = ComponentType<ScreenProps>;

/** A registry entry: the lazy component plus its loader, so sibling routes can be preloaded. */
export interface ScreenEntry {
  component: LazyExoticComponent<ScreenComponent>;
  preload: () => Promise<unknown>;
}
