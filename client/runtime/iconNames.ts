/**
 * Stands in for @blueprintjs/icons' `iconNames` module in the build (vite.config.ts `iconAssets`).
 * The original builds two tables from an enum of all ~700 icon names — 63 KB in the entry chunk —
 * so that `Icons` can check a name before loading its paths. Here any icon-file-like name passes:
 * a name Blueprint lacks has no file under /assets/icons, and the loader (icons.ts) draws nothing.
 */
const ICON_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const IconNamesSet = { has: (name: unknown) => typeof name === 'string' && ICON_NAME.test(name) };

/** `IconNames.SQUARE` and `IconNames.ChevronDown` as Blueprint spells them: 'square', 'chevron-down'. */
export const IconNames = new Proxy({} as Record<string, string>, {
  get: (_names, key) =>
    typeof key === 'string'
      ? key
          .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
          .replace(/_/g, '-')
          .toLowerCase()
      : undefined,
});
