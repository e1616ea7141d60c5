import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { SeedDocument } from '../../../core/documents/document.types';
import type { RoleGroups } from '../../../core/guard/guard.types';
import type { LandingBody } from '../../../core/landing/landing.types';
import type { MenusBody } from '../../../core/menus/menu.types';
import type { RoutesBody } from '../../../core/routes/route.types';

/** Repository root, found from this file (tests/unit/support). */
export const ROOT = join(import.meta.dirname, '..', '..', '..');
export const SCHEMAS_DIR = join(ROOT, 'schemas');

/** Reads one seed document of schemas/app (`{ kind, id: 'app', body }`). */
export function appDocument<B>(file: string): SeedDocument<B> {
  return JSON.parse(readFileSync(join(SCHEMAS_DIR, 'app', file), 'utf8')) as SeedDocument<B>;
}

export const routesBody = (): RoutesBody => appDocument<RoutesBody>('routes.json').body;
export const roleGroups = (): RoleGroups => appDocument<{ groups: RoleGroups }>('role-groups.json').body.groups;
export const landingBody = (): LandingBody => appDocument<LandingBody>('landing-rules.json').body;
export const menusBody = (): MenusBody => appDocument<MenusBody>('menus.json').body;

/** Every seed document under schemas/ except schemas/meta, with its path relative to schemas/. */
export function allSeedDocuments(): { file: string; document: SeedDocument }[] {
  const out: { file: string; document: SeedDocument }[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (full !== join(SCHEMAS_DIR, 'meta')) walk(full);
      } else if (entry.name.endsWith('.json')) {
        out.push({ file: relative(SCHEMAS_DIR, full), document: JSON.parse(readFileSync(full, 'utf8')) });
      }
    }
  };
  walk(SCHEMAS_DIR);
  return out;
}
