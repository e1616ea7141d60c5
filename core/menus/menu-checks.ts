import type { DocumentProblem } from '../documents/document.types';
import type { RoleGroups } from '../guard/guard.types';
import type { MenuItem, MenusBody } from './menu.types';

/**
 * Publish-time check of a menus document: an item whose `auth` names a role group the published
 * role-groups document lacks would never show (the evaluator fails closed), so it is refused instead.
 * Without the role groups at hand (no published lookup) there is nothing to judge by.
 */
export function menuGroupProblems(body: MenusBody, groups: RoleGroups | undefined): DocumentProblem[] {
  if (!groups) return [];
  const problems: DocumentProblem[] = [];
  const visit = (items: readonly MenuItem[], path: string) => {
    items.forEach((item, index) => {
      const at = `${path}/${index}`;
      const auth = item.auth;
      if (auth && !Array.isArray(auth) && !Object.hasOwn(groups, auth.group)) {
        problems.push({
          path: `${at}/auth/group`,
          code: 'roleGroupUnknown',
          params: { group: auth.group },
          message: `unknown role group "${auth.group}"`,
        });
      }
      if (item.children) visit(item.children, `${at}/children`);
    });
  };
  visit(body.main ?? [], '/body/main');
  for (const [key, drawer] of Object.entries(body.subDrawers ?? {}))
    visit(drawer.items ?? [], `/body/subDrawers/${key}/items`);
  return problems;
}
