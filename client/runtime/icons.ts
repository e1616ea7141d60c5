import { Icons } from '@blueprintjs/icons';

// one tiny chunk per icon and size: the sign-in page fetches only the icons it shows
const paths16 = import.meta.glob<{ default: string[] }>(
  '../../node_modules/@blueprintjs/icons/lib/esm/generated/16px/paths/*.js',
);
const paths20 = import.meta.glob<{ default: string[] }>(
  '../../node_modules/@blueprintjs/icons/lib/esm/generated/20px/paths/*.js',
);

/** Blueprint asks for icon paths lazily; answer from the per-icon chunks above. */
export function installIconLoader(): void {
  Icons.setLoaderOptions({
    loader: async (name, size) => {
      const table = size === 20 ? paths20 : paths16;
      const load = table[`../../node_modules/@blueprintjs/icons/lib/esm/generated/${size}px/paths/${name}.js`];
      return load ? (await load()).default : [];
    },
  });
}
