import { Icons } from '@blueprintjs/icons';

/**
 * Resolves in a task after the next frame is painted, one promise for every icon asked meanwhile:
 * the shell's first render draws some forty icons, and their requests (each through the service
 * worker) would otherwise share the cores with the frame that first shows the page.
 */
let nextPaint: Promise<void> | null = null;
function afterNextPaint(): Promise<void> {
  nextPaint ??= new Promise((resolve) =>
    requestAnimationFrame(() =>
      setTimeout(() => {
        nextPaint = null;
        resolve();
      }),
    ),
  );
  return nextPaint;
}

/**
 * Blueprint asks for an icon's paths when it first draws it: fetched from the build's static icon
 * files (scripts/icon-files.mjs), one small JSON per icon and size, cached by the browser for good.
 */
export function installIconLoader(): void {
  Icons.setLoaderOptions({
    loader: async (name, size) => {
      await afterNextPaint();
      const answer = await fetch(`/assets/icons/${__ICONS_VERSION__}/${size}/${name}.json`);
      return answer.ok ? ((await answer.json()) as string[]) : [];
    },
  });
}
