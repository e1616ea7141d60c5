import type { Guard } from '../guard/guard.types';
import type { Text } from '../documents/document.types';

export type Layout = 'public' | 'bare' | 'app';

/** One route of the routes document (kind 'routes', id 'app'). Paths use react-router syntax (:param, *). */
export interface RouteDef {
  path: string;
  exact?: boolean;
  layout: Layout;
  guard: Guard;
  /** Screen kind from the client's screen registry, e.g. 'auth.login', 'placeholder'. */
  screen?: string;
  /** Props for the screen, e.g. { title: 'routes.portfolio' } for a placeholder. */
  props?: Record<string, unknown>;
  /** A target path; ':param' placeholders are filled from the matched path. */
  redirect?: string;
  title?: Text;
  /**
   * Path parameters whose change keeps the screen mounted: a place the screen itself keeps in the
   * address (a questionnaire's `:lastStep`), so writing it does not start the screen over.
   */
  keepMounted?: string[];
}

export interface RoutesBody {
  routes: RouteDef[];
  /** Where unknown paths go (shell §2.2). */
  notFound: string;
  /** Path of the 'No permission' page. */
  forbidden: string;
  login: string;
}
