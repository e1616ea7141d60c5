/**
 * An entity no code knows (issue 5): high-risk merchant category codes, declared only as documents
 * — a resource with a workflow, create and edit forms, a list, a detail page, routes and a menu
 * item. The e2e spec (tests/e2e/unknown-entity.spec.ts) publishes them through the config API and
 * uses them in the browser; the integration test (tests/integration/unknown-entity.test.ts) checks
 * that the server refuses every action to callers without its guard. Every visible text is an
 * {en, tr} pair: no locale key is added for it.
 */

type Body = Record<string, unknown>;
type Json = Record<string, any>;

const text = (en: string, tr: string) => ({ en, tr });

export const MCC = {
  resource: 'high-risk-mcc',
  /** The generic resource endpoints the gateway serves for it. */
  api: '/wbe/api/resources/high-risk-mcc',
  /** Screens. */
  listPath: '/app/high-risk-mcc',
  newPath: '/app/high-risk-mcc/new',
  detailPath: (id: string) => `/app/high-risk-mcc/${id}`,
  editPath: (id: string) => `/app/high-risk-mcc/${id}/edit`,
  forms: { create: 'high-risk-mcc-new', edit: 'high-risk-mcc-edit' },
  list: 'high-risk-mcc',
  page: 'high-risk-mcc',
  menuId: 'highRiskMcc',
} as const;

/** Readers: a permission the admin and bank@demo.test hold and merchant@demo.test does not. */
export const MCC_READERS = { anyOf: ['portfolio:view'] };
/** Writers: the admin role group (admin@demo.test; not bank@demo.test). */
export const MCC_WRITERS = { group: 'admin' };

export const MCC_TEXT = {
  title: text('High-risk MCC codes', 'Yüksek riskli MCC kodları'),
  menu: text('High-risk MCCs', 'Yüksek riskli MCC’ler'),
  code: text('Code', 'Kod'),
  description: text('Description', 'Açıklama'),
  riskLevel: text('Risk level', 'Risk düzeyi'),
  state: text('State', 'Durum'),
  updatedAt: text('Updated', 'Güncellendi'),
  createdAt: text('Added', 'Eklendi'),
  levels: { low: text('Low', 'Düşük'), medium: text('Medium', 'Orta'), high: text('High', 'Yüksek') },
  states: { active: text('Active', 'Etkin'), retired: text('Retired', 'Kullanımdan kalktı') },
  newTitle: text('New high-risk MCC', 'Yeni yüksek riskli MCC'),
  editTitle: text('Edit high-risk MCC', 'Yüksek riskli MCC’yi düzenle'),
  save: text('Save', 'Kaydet'),
  saved: text('MCC {{code}} saved', 'MCC {{code}} kaydedildi'),
  newAction: text('New MCC', 'Yeni MCC'),
  edit: text('Edit', 'Düzenle'),
  delete: text('Delete', 'Sil'),
  deleteConfirm: text('Delete MCC {{code}} ({{description}})?', 'MCC {{code}} ({{description}}) silinsin mi?'),
  deleted: text('MCC {{code}} deleted', 'MCC {{code}} silindi'),
  retire: text('Retire', 'Kullanımdan kaldır'),
  reinstate: text('Reinstate', 'Geri al'),
  backToList: text('All MCC codes', 'Tüm MCC kodları'),
  empty: text('No high-risk MCC codes yet', 'Henüz yüksek riskli MCC kodu yok'),
  details: text('Details', 'Ayrıntılar'),
} as const;

const LEVELS = ['low', 'medium', 'high'] as const;
const LEVEL_COLORS = { low: 'success', medium: 'warning', high: 'danger' };
const STATE_COLORS = { active: 'success', retired: 'none' };

/** The record's editable fields: the resource's schema, and the forms' (the server judges with the former). */
function recordSchema(): Json {
  return {
    type: 'object',
    required: ['code', 'riskLevel'],
    additionalProperties: false,
    properties: {
      code: { type: 'string', pattern: '^[0-9]{4}$', 'x-messages': { pattern: 'validation.invalid' } },
      description: { type: 'string', maxLength: 200 },
      riskLevel: { type: 'string', enum: [...LEVELS] },
    },
  };
}

function recordUiSchema(): Json {
  return {
    'ui:order': ['code', 'description', 'riskLevel'],
    code: { 'ui:title': MCC_TEXT.code, 'ui:placeholder': text('4 digits, e.g. 7995', '4 rakam, örneğin 7995') },
    description: { 'ui:title': MCC_TEXT.description, 'ui:widget': 'textarea' },
    riskLevel: { 'ui:title': MCC_TEXT.riskLevel, 'ui:enumNames': LEVELS.map((level) => MCC_TEXT.levels[level]) },
    'ui:submitButtonOptions': { submitText: MCC_TEXT.save },
  };
}

export function mccWorkflow(): Body {
  return {
    resource: MCC.resource,
    field: 'state',
    initial: 'active',
    states: [
      { id: 'active', title: MCC_TEXT.states.active, intent: 'success' },
      { id: 'retired', title: MCC_TEXT.states.retired, intent: 'none' },
    ],
    transitions: [
      { action: 'retire', title: MCC_TEXT.retire, from: ['active'], to: 'retired', guard: MCC_WRITERS },
      { action: 'reinstate', title: MCC_TEXT.reinstate, from: ['retired'], to: 'active', guard: MCC_WRITERS },
    ],
  };
}

export function mccResource(): Body {
  return {
    title: MCC_TEXT.title,
    schema: recordSchema(),
    scope: 'global',
    guards: { list: MCC_READERS, read: MCC_READERS, create: MCC_WRITERS, update: MCC_WRITERS, delete: MCC_WRITERS },
    unique: [['code']],
    filterable: ['code', 'description', 'riskLevel', 'state'],
    sortable: ['code', 'description', 'riskLevel', 'state', 'createdAt', 'updatedAt'],
    workflow: MCC.resource,
  };
}

export function mccCreateForm(): Body {
  return {
    title: MCC_TEXT.newTitle,
    schema: recordSchema(),
    uiSchema: recordUiSchema(),
    submit: { method: 'POST', path: MCC.api, successMessage: MCC_TEXT.saved, successRedirect: MCC.listPath },
  };
}

export function mccEditForm(): Body {
  return {
    title: MCC_TEXT.editTitle,
    schema: recordSchema(),
    uiSchema: recordUiSchema(),
    load: { path: `${MCC.api}/:id` },
    submit: {
      method: 'PUT',
      path: `${MCC.api}/:id`,
      successMessage: MCC_TEXT.saved,
      successRedirect: `${MCC.listPath}/:id`,
    },
  };
}

export function mccList(): Body {
  return {
    title: MCC_TEXT.title,
    source: { path: MCC.api },
    columns: [
      { id: 'code', field: 'code', title: MCC_TEXT.code, type: 'text', sortable: true, filterable: true, width: 110 },
      { id: 'description', field: 'description', title: MCC_TEXT.description, type: 'text', filterable: true },
      {
        id: 'riskLevel',
        field: 'riskLevel',
        title: MCC_TEXT.riskLevel,
        type: 'status',
        sortable: true,
        filterable: true,
        colors: LEVEL_COLORS,
        labels: MCC_TEXT.levels,
        width: 140,
      },
      {
        id: 'state',
        field: 'state',
        title: MCC_TEXT.state,
        type: 'status',
        filterable: true,
        colors: STATE_COLORS,
        labels: MCC_TEXT.states,
        width: 160,
      },
      { id: 'updatedAt', field: 'updatedAt', title: MCC_TEXT.updatedAt, type: 'datetime', sortable: true, width: 170 },
    ],
    defaultSort: [{ field: 'code', direction: 'asc' }],
    pageSize: 25,
    rowLink: `${MCC.listPath}/:id`,
    rowActions: [
      { id: 'edit', title: MCC_TEXT.edit, icon: 'edit', guard: MCC_WRITERS, route: `${MCC.listPath}/:id/edit` },
      {
        id: 'retire',
        title: MCC_TEXT.retire,
        icon: 'archive',
        guard: MCC_WRITERS,
        when: { '==': [{ var: 'row.state' }, 'active'] },
        call: { method: 'POST', path: `${MCC.api}/:id/actions/retire` },
      },
      {
        id: 'delete',
        title: MCC_TEXT.delete,
        icon: 'trash',
        intent: 'danger',
        guard: MCC_WRITERS,
        confirm: MCC_TEXT.deleteConfirm,
        call: { method: 'DELETE', path: `${MCC.api}/:id` },
        successMessage: MCC_TEXT.deleted,
      },
    ],
    toolbar: [
      { id: 'new', title: MCC_TEXT.newAction, icon: 'add', intent: 'primary', guard: MCC_WRITERS, route: MCC.newPath },
    ],
    empty: MCC_TEXT.empty,
    export: { fileName: 'high-risk-mcc' },
  };
}

export function mccPage(): Body {
  return {
    title: MCC_TEXT.title,
    source: { path: `${MCC.api}/:id` },
    header: { title: 'code', subtitle: 'description' },
    panels: [
      {
        id: 'details',
        type: 'keyValue',
        title: MCC_TEXT.details,
        width: 8,
        fields: [
          { field: 'code', title: MCC_TEXT.code },
          { field: 'description', title: MCC_TEXT.description },
          {
            field: 'riskLevel',
            title: MCC_TEXT.riskLevel,
            type: 'status',
            colors: LEVEL_COLORS,
            labels: MCC_TEXT.levels,
          },
          { field: 'state', title: MCC_TEXT.state, type: 'status', colors: STATE_COLORS, labels: MCC_TEXT.states },
          { field: 'createdAt', title: MCC_TEXT.createdAt, type: 'datetime' },
          { field: 'updatedAt', title: MCC_TEXT.updatedAt, type: 'datetime' },
        ],
      },
      // the workflow's actions open now, as the server lists them (no rule copied into the page)
      { id: 'state', type: 'transitions', title: MCC_TEXT.state, width: 4 },
      {
        id: 'do',
        type: 'actions',
        width: 4,
        actions: [
          {
            id: 'edit',
            title: MCC_TEXT.edit,
            icon: 'edit',
            intent: 'primary',
            guard: MCC_WRITERS,
            route: `${MCC.listPath}/:id/edit`,
          },
          { id: 'list', title: MCC_TEXT.backToList, icon: 'th-list', route: MCC.listPath },
        ],
      },
    ],
  };
}

/** Every document of the entity in publishing order (a resource names its workflow, so the workflow goes first). */
export function mccDocuments(): { kind: string; id: string; body: Body }[] {
  return [
    { kind: 'workflow', id: MCC.resource, body: mccWorkflow() },
    { kind: 'resource', id: MCC.resource, body: mccResource() },
    { kind: 'form', id: MCC.forms.create, body: mccCreateForm() },
    { kind: 'form', id: MCC.forms.edit, body: mccEditForm() },
    { kind: 'list', id: MCC.list, body: mccList() },
    { kind: 'page', id: MCC.page, body: mccPage() },
  ];
}

function mccRoutes(): Json[] {
  const route = (path: string, guard: unknown, screen: string, props: Json, title: unknown) => ({
    path,
    exact: true,
    layout: 'app',
    guard,
    screen,
    props,
    title,
  });
  return [
    route(MCC.listPath, MCC_READERS, 'list', { listId: MCC.list }, MCC_TEXT.title),
    route(MCC.newPath, MCC_WRITERS, 'form', { formId: MCC.forms.create }, MCC_TEXT.newTitle),
    route(`${MCC.listPath}/:id`, MCC_READERS, 'page', { pageId: MCC.page }, MCC_TEXT.title),
    route(`${MCC.listPath}/:id/edit`, MCC_WRITERS, 'form', { formId: MCC.forms.edit }, MCC_TEXT.editTitle),
  ];
}

/** The published routes body with the entity's four routes added (replacing any earlier copies). */
export function withMccRoutes(routesBody: Json): Json {
  const ours = mccRoutes();
  const paths = new Set(ours.map((route) => route.path));
  return { ...routesBody, routes: [...routesBody.routes.filter((route: Json) => !paths.has(route.path)), ...ours] };
}

/** The published menus body with a main-menu item for the list, for the readers (added after the first item). */
export function withMccMenu(menusBody: Json): Json {
  const item = {
    id: MCC.menuId,
    title: MCC_TEXT.menu,
    type: 'item',
    icon: 'warning-sign',
    url: MCC.listPath,
    auth: MCC_READERS.anyOf,
  };
  const main = menusBody.main.filter((entry: Json) => entry.id !== MCC.menuId);
  return { ...menusBody, main: [...main.slice(0, 1), item, ...main.slice(1)] };
}
