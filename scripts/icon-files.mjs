/**
 * Blueprint's icon paths as static files, one small JSON array per icon and size, under
 * /assets/icons/<@blueprintjs/icons version>/<size>/<name>.json (the version in the path lets them be
 * cached for good). The client fetches an icon when it first draws it (client/runtime/icons.ts), so no
 * bundle carries a table of the 700 icons (as a per-icon chunk map did: 270 KB in the entry chunk).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = 'node_modules/@blueprintjs/icons';
export const ICONS_VERSION = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;
export const ICON_SIZES = [16, 20];

/** The JSON of one icon's paths, or null when Blueprint has no such icon. */
export function iconJson(size, name) {
  if (!ICON_SIZES.includes(size) || !/^[a-z0-9-]+$/.test(name)) return null;
  let source;
  try {
    source = readFileSync(join(ROOT, `lib/esm/generated/${size}px/paths/${name}.js`), 'utf8');
  } catch {
    return null;
  }
  const array = /export default (\[[\s\S]*?\]);/.exec(source)?.[1];
  return array ? JSON.stringify(JSON.parse(array)) : null;
}

/** Every icon file: [file name under the build's root, JSON]. */
export function* iconFiles() {
  for (const size of ICON_SIZES) {
    for (const file of readdirSync(join(ROOT, `lib/esm/generated/${size}px/paths`))) {
      if (!file.endsWith('.js')) continue;
      const name = file.slice(0, -3);
      const json = iconJson(size, name);
      if (json) yield [`assets/icons/${ICONS_VERSION}/${size}/${name}.json`, json];
    }
  }
}
