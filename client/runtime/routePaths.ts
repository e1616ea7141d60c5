import type { RouteDef } from '../../core/routes/route.types';

/**
 * A RouteDef path in react-router terms: exact routes match the whole path only, others also
 * match deeper paths (core matchRoute has the same rule), so they get a trailing splat.
 */
export function toRouterPath(def: RouteDef): string {
  if (def.exact || def.path === '/' || def.path.endsWith('*')) return def.path;
  return `${def.path.replace(/\/$/, '')}/*`;
}

/** Number of path segments: sibling routes share a depth. */
export function depthOf(path: string): number {
  return path.split('/').filter(Boolean).length;
}
