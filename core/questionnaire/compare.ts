import type { Text } from '../documents/document.types';
import type { Item, QuestionnaireBody, Section } from './questionnaire.types';

/** What about an item differs between two versions. */
export type ChangedAspect = 'type' | 'section' | 'text' | 'responses' | 'visibility' | 'scoring';

/** One item added, removed or changed between two versions, by item id. */
export interface ItemChange {
  itemId: string;
  change: 'added' | 'removed' | 'changed';
  /** The section it sits in (in the newer version, or the older when removed). */
  section: string;
  /** What differs; empty for an added or removed item. */
  aspects: ChangedAspect[];
  /** The item's text (question) or label (field, table) in each version. */
  fromText?: Text;
  toText?: Text;
}

interface Located {
  item: Item;
  section: Section;
}

/** JSON with sorted keys: two values are equal when their canonical texts are. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'undefined';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const object = value as Record<string, unknown>;
  return `{${Object.keys(object)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonical(object[key])}`)
    .join(',')}}`;
}

const same = (a: unknown, b: unknown): boolean => canonical(a) === canonical(b);

function itemsOf(body: QuestionnaireBody): Map<string, Located> {
  const found = new Map<string, Located>();
  for (const section of body.sections) for (const item of section.items) found.set(item.id, { item, section });
  return found;
}

const textOf = (item: Item): Text => (item.type === 'question' ? item.text : item.label);

/** What an answerer may give: a question's response options (and what they require), a field's input, a table's columns. */
function responsesOf(body: QuestionnaireBody, item: Item): unknown {
  if (item.type === 'question') return [body.responseSets[item.responseSet] ?? null, item.requires ?? null];
  if (item.type === 'field') {
    const { input, required, options, minSelected, allSelected, maxLength, accept } = item;
    return { input, required, options, minSelected, allSelected, maxLength, accept };
  }
  return { columns: item.columns, minRows: item.minRows, maxRows: item.maxRows };
}

/** How a question scores: its weight times its section's, and the points of each of its responses. */
function scoringOf(body: QuestionnaireBody, { item, section }: Located): unknown {
  if (item.type !== 'question') return null;
  const points = body.scoring?.points ?? {};
  const options = body.responseSets[item.responseSet]?.options ?? [];
  return {
    weight: (item.weight ?? 1) * (section.weight ?? 1),
    points: options.map((o) => points[o.value] ?? null),
  };
}

/**
 * The questions (and fields, tables) two versions of a questionnaire differ in, matched by item id:
 * added, removed, or changed in type, section, text, responses, visibility (the item's or its
 * section's rule) or scoring. Items both have unchanged are left out. Order: the newer version's
 * items in document order, then the removed ones in the older's order.
 */
export function compareVersions(from: QuestionnaireBody, to: QuestionnaireBody): ItemChange[] {
  const before = itemsOf(from);
  const after = itemsOf(to);
  const changes: ItemChange[] = [];
  for (const [itemId, now] of after) {
    const was = before.get(itemId);
    if (!was) {
      changes.push({ itemId, change: 'added', section: now.section.id, aspects: [], toText: textOf(now.item) });
      continue;
    }
    const aspects: ChangedAspect[] = [];
    if (was.item.type !== now.item.type) aspects.push('type');
    if (was.section.id !== now.section.id) aspects.push('section');
    if (!same(textOf(was.item), textOf(now.item))) aspects.push('text');
    if (!same(responsesOf(from, was.item), responsesOf(to, now.item))) aspects.push('responses');
    if (!same([was.section.visible, was.item.visible], [now.section.visible, now.item.visible]))
      aspects.push('visibility');
    if (!same(scoringOf(from, was), scoringOf(to, now))) aspects.push('scoring');
    if (aspects.length > 0)
      changes.push({
        itemId,
        change: 'changed',
        section: now.section.id,
        aspects,
        fromText: textOf(was.item),
        toText: textOf(now.item),
      });
  }
  for (const [itemId, was] of before) {
    if (!after.has(itemId))
      changes.push({ itemId, change: 'removed', section: was.section.id, aspects: [], fromText: textOf(was.item) });
  }
  return changes;
}
