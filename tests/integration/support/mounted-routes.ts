import type { Express } from 'express';

/** One route the app answers: an HTTP method and an Express path template (`/documents/:kind/:id`). */
export interface MountedRoute {
  method: string;
  path: string;
}

/** A mounted route with the route's own handlers for its method (not the routers' middlewares before it). */
export interface MountedRouteHandlers extends MountedRoute {
  handlers: unknown[];
}

/** The parts of Express 5's router (router 2.x) the walk reads; not in @types/express. */
interface Layer {
  rawPath?: string | RegExp | (string | RegExp)[];
  method?: string;
  route?: { path: string; methods: Record<string, boolean>; stack: Layer[] };
  handle: { stack?: Layer[] };
}

const join = (prefix: string, path: string) => (prefix + (path === '/' ? '' : path)).replace(/\/{2,}/g, '/') || '/';

function walk(stack: Layer[], prefix: string, found: MountedRouteHandlers[]): void {
  for (const layer of stack) {
    const paths = [layer.rawPath ?? '/'].flat().filter((path): path is string => typeof path === 'string');
    for (const path of paths) {
      if (layer.route) {
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (!on || method === '_all') continue;
          const handlers = layer.route.stack.filter((step) => !step.method || step.method === method);
          found.push({
            method: method.toUpperCase(),
            path: join(prefix, path),
            handlers: handlers.map((step) => step.handle),
          });
        }
      } else if (Array.isArray(layer.handle.stack)) {
        walk(layer.handle.stack, join(prefix, path), found);
      }
    }
  }
}

/** Every route of the app with its own handlers (the first of a method and path: the one that answers). */
export function mountedRouteHandlers(app: Express): MountedRouteHandlers[] {
  const router = (app as unknown as { router: { stack: Layer[] } }).router;
  const found: MountedRouteHandlers[] = [];
  walk(router.stack, '', found);
  const seen = new Set<string>();
  return found.filter((route) => {
    const key = `${route.method} ${route.path}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Every route of the app, found by walking its routers at run time — so a route added tomorrow is
 * covered by whoever iterates over this list without anyone remembering to register it.
 */
export function mountedRoutes(app: Express): MountedRoute[] {
  return mountedRouteHandlers(app).map(({ method, path }) => ({ method, path }));
}

/** The names of a path template's parameters (`:name`, `*name`), in order. */
export function parameterNames(path: string): string[] {
  return [...path.matchAll(/[:*]([A-Za-z_$][\w$]*)/g)].map((match) => match[1]);
}

/**
 * A concrete path: each parameter replaced by its (already URL-encoded) value; optional groups
 * `{…}` are kept with their content.
 */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/[{}]/g, '').replace(/[:*]([A-Za-z_$][\w$]*)/g, (_whole, name: string) => values[name] ?? 'x');
}
