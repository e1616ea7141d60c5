/**
 * A screen guarded by a permission no code and no demo user names — `complianceCalendar:view` — as
 * an analyst publishes it: a resource, a list and a route (and a role group for who may add dates).
 * The integration test (tests/integration/user-groups.test.ts) and the browser check
 * (tests/e2e/user-groups.spec.ts) publish these, then grant the permission through a user group.
 * Every visible text is an {en, tr} pair: no locale key is added for it.
 */

type Json = Record<string, any>;

const text = (en: string, tr: string) => ({ en, tr });

export const CALENDAR = {
  permission: 'complianceCalendar:view',
  /** A role group the analyst publishes for who may add dates (granted by name through a user group). */
  keepers: 'complianceCalendarKeepers',
  resource: 'compliance-calendar',
  api: '/wbe/api/resources/compliance-calendar',
  list: 'compliance-calendar',
  path: '/app/compliance-calendar',
  title: text('Compliance calendar', 'Uyum takvimi'),
} as const;

export const CALENDAR_GUARD = { anyOf: [CALENDAR.permission] };

/** The resource and its list, in publishing order. */
export function calendarDocuments(): { kind: string; id: string; body: Json }[] {
  return [
    {
      kind: 'resource',
      id: CALENDAR.resource,
      body: {
        title: CALENDAR.title,
        schema: {
          type: 'object',
          required: ['title', 'due'],
          additionalProperties: false,
          properties: {
            title: { type: 'string', minLength: 1, maxLength: 200 },
            due: { type: 'string', format: 'date' },
          },
        },
        scope: 'global',
        guards: {
          list: CALENDAR_GUARD,
          read: CALENDAR_GUARD,
          create: { group: CALENDAR.keepers },
          update: { group: CALENDAR.keepers },
          delete: { group: 'admin' },
        },
        filterable: ['title', 'due'],
        sortable: ['title', 'due', 'createdAt'],
      },
    },
    {
      kind: 'list',
      id: CALENDAR.list,
      body: {
        title: CALENDAR.title,
        source: { path: CALENDAR.api },
        columns: [
          { id: 'title', field: 'title', title: text('What', 'Ne'), type: 'text', sortable: true },
          { id: 'due', field: 'due', title: text('Due', 'Son tarih'), type: 'date', sortable: true },
        ],
        defaultSort: [{ field: 'due', direction: 'asc' }],
        empty: text('No dates yet', 'Henüz tarih yok'),
      },
    },
  ];
}

/** The routes document with the calendar's route added (guarded by the new permission). */
export function withCalendarRoute(routes: Json): Json {
  const route = {
    path: CALENDAR.path,
    exact: true,
    layout: 'app',
    guard: CALENDAR_GUARD,
    screen: 'list',
    props: { listId: CALENDAR.list },
    title: CALENDAR.title,
  };
  const others = routes.routes.filter((entry: Json) => entry.path !== CALENDAR.path);
  return { ...routes, routes: [route, ...others] };
}

/** The role-groups document with the keepers' group added: editors of the calendar, named once. */
export function withCalendarKeepers(roleGroups: Json): Json {
  return { ...roleGroups, groups: { ...roleGroups.groups, [CALENDAR.keepers]: ['admin', 'complianceCalendar:edit'] } };
}
