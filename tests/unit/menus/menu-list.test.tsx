// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, expect, test } from 'vitest';
import type { ResolvedMenuItem } from '../../../core/menus/menu.types';
import type { RoutesBody } from '../../../core/routes/route.types';
import { initI18n, loadAppTexts } from '../../../client/i18n/i18n';
import { type AppConfig, AppConfigContext } from '../../../client/runtime/appConfig';
import { MenuList } from '../../../client/shell/MenuList';

const routes: RoutesBody = {
  notFound: '/error-404',
  forbidden: '/no-permission',
  login: '/login',
  routes: [
    { path: '/app/later', layout: 'app', screen: 'placeholder', title: 'routes.later' },
    { path: '/app/built', layout: 'app', screen: 'list', props: { listId: 'x' }, title: 'routes.built' },
  ],
} as RoutesBody;

function show(items: ResolvedMenuItem[]) {
  const config = { routes } as AppConfig;
  render(
    <AppConfigContext.Provider value={config}>
      <MemoryRouter initialEntries={['/app/elsewhere']}>
        <MenuList items={items} />
      </MemoryRouter>
    </AppConfigContext.Provider>,
  );
}

beforeAll(async () => {
  await initI18n('en');
  await loadAppTexts();
});
afterEach(cleanup);

test('a link to a route not built yet says so; a group opens on its first built child', () => {
  show([
    { id: 'later', title: { en: 'Later', tr: 'Sonra' }, type: 'item', auth: [], url: '/app/later' },
    {
      id: 'group',
      title: { en: 'Administration', tr: 'Yönetim' },
      type: 'group',
      auth: [],
      children: [
        { id: 'a', title: { en: 'A', tr: 'A' }, type: 'item', auth: [], url: '/app/later' },
        { id: 'b', title: { en: 'B', tr: 'B' }, type: 'item', auth: [], url: '/app/built' },
      ],
    },
  ]);
  const later = screen.getByRole('link', { name: 'Later' });
  expect(later.getAttribute('aria-description')).toBe('Not built yet');
  expect(later.textContent).toContain('Soon');
  const group = screen.getByRole('link', { name: 'Administration' });
  expect(group.getAttribute('href')).toBe('/app/built');
  expect(group.textContent).not.toContain('Soon');
});
