import type { ComponentType } from 'react';
import type { Preloadable } from './preloadable';
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

/** A registry entry: the component, loaded on first use or ahead (the first page, sibling routes). */
export type ScreenEntry = Preloadable<ScreenProps>;
