import type { TipText, TooltipItem, TooltipsBody } from './tooltip.types';

/** The published body as the list GET /tooltip/list serves: one item per data_id. */
export function tooltipItems(body: TooltipsBody | undefined): TooltipItem[] {
  return Object.entries(body?.tips ?? {}).map(([data_id, data]) => ({ data_id, data: { en: data.en, tr: data.tr } }));
}

/** The items back as a lookup by data_id. */
export function tipsById(items: readonly TooltipItem[]): Map<string, TipText> {
  return new Map(items.map((item) => [item.data_id, item.data]));
}

/** A tip's text in a language (Turkish or else English); null when no tip has that id. */
export function tipIn(tips: ReadonlyMap<string, TipText>, dataId: string | undefined, language: string): string | null {
  const tip = dataId ? tips.get(dataId) : undefined;
  if (!tip) return null;
  return language === 'tr' ? tip.tr : tip.en;
}

/** A property name as a JSON pointer segment (RFC 6901: '~' and '/' escaped). */
const pointerSegment = (name: string) => name.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * The data_id of a generated form field: `ui:options.tooltip` when the uiSchema names one, else
 * its place in its form, `<form>#<JSON pointer>` (`profile#/name`,
 * `settings-notifications#/notifications/email`; array indexes left out so every item shares a
 * tip). A bare name would give every form's `name` field the same tip; a field of no known form has none.
 */
export function fieldTooltipId(
  form: string | undefined,
  path: readonly (string | number)[],
  uiOptions: unknown,
): string | undefined {
  const named = (uiOptions as { tooltip?: unknown } | undefined)?.tooltip;
  if (typeof named === 'string' && named !== '') return named;
  const names = path.filter((segment): segment is string => typeof segment === 'string');
  if (!form || names.length === 0) return undefined;
  return `${form}#/${names.map(pointerSegment).join('/')}`;
}

/** Whether a string may be a data_id (the tooltips meta-schema's pattern). */
export function isTooltipId(value: string): boolean {
  return /^[A-Za-z0-9_.:#/~-]{1,120}$/.test(value);
}
