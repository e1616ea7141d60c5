import { Icons } from '@blueprintjs/icons';

/**
 * Blueprint asks for an icon's paths when it first draws it: fetched from the build's static icon
 * files (scripts/icon-files.mjs), one small JSON per icon and size, cached by the browser for good.
 */
export function installIconLoader(): void {
  Icons.setLoaderOptions({
    loader: async (name, size) => {
      const answer = await fetch(`/assets/icons/${__ICONS_VERSION__}/${size}/${name}.json`);
      return answer.ok ? ((await answer.json()) as string[]) : [];
    },
  });
}
