import { type ComponentType, lazy, useMemo } from 'react';

/**
 * A lazily loaded component that can also be loaded ahead and, once loaded, rendered directly.
 * React suspends on a `lazy` component's first render even when its chunk is already in, and
 * React 19 then holds the revealed content back for up to 300 ms after the fallback showed; a
 * screen whose chunk was loaded ahead (the first page's, a preloaded sibling's) skips both.
 */
export interface Preloadable<P> {
  component: ComponentType<P>;
  preload: () => Promise<unknown>;
  /** The component itself once its chunk has arrived. */
  loaded: () => ComponentType<P> | undefined;
}

export function preloadable<P>(load: () => Promise<{ default: ComponentType<P> }>): Preloadable<P> {
  let promise: Promise<{ default: ComponentType<P> }> | null = null;
  let resolved: ComponentType<P> | undefined;
  const once = () => {
    promise ??= load().then((module) => {
      resolved = module.default;
      return module;
    });
    return promise;
  };
  return { component: lazy(once), preload: once, loaded: () => resolved };
}

/**
 * The component to render: the loaded one if its chunk is in, else the lazy one. Chosen once per
 * entry, so a screen never swaps from one to the other (which would remount it) while it is shown.
 */
export function usePreloadable<P>(entry: Preloadable<P>): ComponentType<P> {
  return useMemo(() => entry.loaded() ?? entry.component, [entry]);
}
