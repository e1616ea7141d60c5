import type { DocumentProblem } from '../documents/document.types';
import type { RouteDef, RoutesBody } from './route.types';

/** A route that matched a pathname, with its `:param` values (and `*` for a splat). */
export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string>;
}

function segmentsOf(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

/** Drops the query and hash of a location string, keeping only the pathname. */
export function pathnameOf(location: string): string {
  const cut = location.search(/[?#]/);
  return cut === -1 ? location : location.slice(0, cut);
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Matches one route pattern (react-router syntax: static segments, `:param`, optional `:param?`,
 * trailing `*`). A non-exact route also matches deeper paths (react-router v5 prefix matching).
 * Returns the params and a specificity score, or null.
 */
export function matchPattern(
  pattern: string,
  pathname: string,
  exact = false,
): { params: Record<string, string>; score: number } | null {
  const wanted = segmentsOf(pattern);
  const given = segmentsOf(pathnameOf(pathname));
  const params: Record<string, string> = {};
  // static 10, dynamic 3, splat -2 (react-router's ranking); a whole-path match beats a prefix match
  let score = 0;
  let index = 0;
  for (const part of wanted) {
    if (part === '*') {
      params['*'] = given.slice(index).map(decode).join('/');
      return { params, score: score - 2 };
    }
    const segment = given[index];
    if (part.startsWith(':')) {
      const optional = part.endsWith('?');
      const name = optional ? part.slice(1, -1) : part.slice(1);
      if (segment === undefined) {
        if (optional) continue;
        return null;
      }
      params[name] = decode(segment);
      score += 3;
    } else {
      if (segment === undefined || decode(segment) !== part) return null;
      score += 10;
    }
    index += 1;
  }
  if (index < given.length) {
    if (exact) return null;
    return { params, score: score - 1 };
  }
  return { params, score: score + 1 };
}

/**
 * Finds the route for a pathname: among all routes that match, the most specific one wins
 * (static over dynamic over splat, whole-path over prefix); ties go to document order.
 */
export function matchRoute(routesBody: RoutesBody, pathname: string): RouteMatch | null {
  // menus, links and guards ask for the same paths on every render: each answer is kept per routes
  // document (a published change is a new one), frozen since callers share it
  let known = answers.get(routesBody);
  if (!known) {
    known = new Map();
    answers.set(routesBody, known);
  }
  const kept = known.get(pathname);
  if (kept !== undefined) return kept;
  const found = bestRoute(routesBody, pathname);
  if (known.size >= REMEMBERED_PATHS) known.clear();
  known.set(pathname, found);
  return found;
}

const answers = new WeakMap<RoutesBody, Map<string, RouteMatch | null>>();
/** Enough for every link of a screen; a server matching visitors' paths starts over past it. */
const REMEMBERED_PATHS = 2000;

function bestRoute(routesBody: RoutesBody, pathname: string): RouteMatch | null {
  let best: (RouteMatch & { score: number }) | null = null;
  for (const route of routesBody.routes) {
    const found = matchPattern(route.path, pathname, route.exact === true);
    if (found && (best === null || found.score > best.score)) {
      best = { route, params: found.params, score: found.score };
    }
  }
  return best ? Object.freeze({ route: best.route, params: Object.freeze(best.params) }) : null;
}

/** Fills `:param` placeholders of a redirect target from matched params. */
export function fillPath(target: string, params: Record<string, string>): string {
  return target.replace(/:([A-Za-z0-9_]+)\??/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? encodeURIComponent(params[name]) : whole,
  );
}

/** A route's params without the optional ones it was matched without (a screen's `useParams`). */
export function definedParams(params: Record<string, string | undefined> | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/**
 * Which mount of a route's screen a location is: its pathname, but with the `keepMounted`
 * parameters blanked, so the screen survives writing them (and remounts for anything else).
 */
export function mountKey(
  def: Pick<RouteDef, 'path' | 'keepMounted'>,
  pathname: string,
  params: Record<string, string | undefined>,
) {
  if (!def.keepMounted?.length) return pathname;
  const kept = Object.fromEntries(
    Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  for (const name of def.keepMounted) kept[name] = '';
  return fillPath(def.path, kept);
}

/** Publish-time check the meta-schema cannot make: `keepMounted` names parameters of the route's path. */
export function routeProblems(body: RoutesBody): DocumentProblem[] {
  const problems: DocumentProblem[] = [];
  (Array.isArray(body?.routes) ? body.routes : []).forEach((route, index) => {
    for (const name of route.keepMounted ?? [])
      if (!new RegExp(`:${name}(?![A-Za-z0-9_])`).test(route.path))
        problems.push({
          path: `/body/routes/${index}/keepMounted`,
          message: `"${name}" is not a parameter of ${route.path}`,
        });
  });
  return problems;
}
