/**
 * The peers of bench/questionnaire.ts: @rjsf/core on the same SAQ document and answers, built by the
 * bench with Vite into a temp dir and served by it (never part of the app bundle).
 * - `?mode=paged[&section=<id>]`: one JSON schema per section, a page at a time with progress and
 *   previous / next, as our screen pages it: what one would ship with RJSF for a long questionnaire.
 * - `?mode=whole`: every section as one schema, one form.
 * Both fetch the document (saq.json) and the answers (answers.json) when they start, as ours reads
 * the record and the document; each answer is saved as it is given (PUT ./answers/<id>: a choice at
 * once, typed text after a 700 ms pause, as ours). The explanation of a response that asks for one
 * (N/A) is a property shown through `dependencies`, the documented RJSF way for a conditional field,
 * placed under its question by `ui:order`.
 * Each section's form is uncontrolled and not re-rendered by the progress line (its own component),
 * so a change costs what RJSF itself does for the form on screen. Blueprint's stylesheet is loaded
 * as in the app, so both pages style and lay out under the same CSS.
 */
import '@blueprintjs/core/lib/css/blueprint.css';
import Form, { type IChangeEvent } from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { memo, useEffect, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type {
  Column,
  Field,
  Item,
  QuestionnaireBody,
  Section,
  Table,
} from '../../core/questionnaire/questionnaire.types';

type Data = Record<string, unknown>;
const TYPED = new Set(['text', 'textarea', 'email', 'phone', 'number']);
type Text = string | { en: string };

const params = new URLSearchParams(location.search);
const mode = params.get('mode') ?? 'paged';
const en = (text: Text | undefined) => (text === undefined ? undefined : typeof text === 'string' ? text : text.en);

/** `==` / `!=` of one answer against a value: the only rules the SAQ documents' visibility uses. */
function holds(rule: unknown, data: Data): boolean {
  if (!rule || typeof rule !== 'object') return true;
  const [op, args] = Object.entries(rule)[0] as [string, [{ var: string }, unknown]];
  const value = data[args[0].var];
  if (op === '==') return value === args[1];
  if (op === '!=') return value !== args[1];
  return true;
}

function valueSchema(spec: Field | Column, body: QuestionnaireBody, questionIds: string[]): RJSFSchema {
  const title = en(spec.label as Text);
  switch (spec.input) {
    case 'number':
      return { type: 'number', title };
    case 'checkbox':
      return { type: 'boolean', title };
    case 'date':
      return { type: 'string', format: 'date', title };
    case 'email':
      return { type: 'string', format: 'email', title };
    case 'select':
      return {
        type: 'string',
        title,
        oneOf: (spec.options ?? []).map((o) => ({ const: o.value, title: en(o.label as Text) })),
      };
    case 'multiselect':
      return {
        type: 'array',
        title,
        uniqueItems: true,
        items: { type: 'string', enum: (spec.options ?? []).map((o) => o.value) },
      };
    case 'questionRef':
      return {
        type: 'string',
        title,
        oneOf: questionIds.map((id) => ({ const: id, title: requirementOf(body, id) })),
      };
    default:
      return { type: 'string', title };
  }
}

const requirements = new Map<string, string>();
function requirementOf(body: QuestionnaireBody, id: string): string {
  if (requirements.size === 0)
    for (const s of body.sections)
      for (const i of s.items) if (i.type === 'question') requirements.set(i.id, i.requirement ?? i.id);
  return requirements.get(id) ?? id;
}

function valueUi(spec: Field | Column): UiSchema {
  if (spec.input === 'textarea') return { 'ui:widget': 'textarea' };
  if (spec.input === 'phone') return { 'ui:inputType': 'tel' };
  if (spec.input === 'multiselect') return { 'ui:widget': 'checkboxes', 'ui:options': { inline: true } };
  return {};
}

/** One section as a JSON schema: its visible items, a question as radios with its explanation. */
function sectionSchema(body: QuestionnaireBody, section: Section, data: Data, questionIds: string[]) {
  const properties: Record<string, RJSFSchema> = {};
  const dependencies: Record<string, RJSFSchema> = {};
  const uiSchema: UiSchema = { 'ui:submitButtonOptions': { norender: true } };
  const required: string[] = [];
  for (const item of section.items as Item[]) {
    if (!holds(item.visible, data)) continue;
    if (item.type === 'question') {
      const options = body.responseSets[item.responseSet].options;
      const text = en(item.text as Text);
      properties[item.id] = {
        type: 'string',
        title: item.requirement ? `${item.requirement} ${text}` : text,
        description: en(item.guidance as Text | undefined),
        oneOf: options.map((o) => ({ const: o.value, title: en(o.label as Text) })),
      };
      uiSchema[item.id] = { 'ui:widget': 'radio', 'ui:options': { inline: true } };
      const explained = options.filter((o) => o.explain).map((o) => o.value);
      if (explained.length > 0) {
        const explanation = `${item.id}__explanation`;
        uiSchema[explanation] = { 'ui:widget': 'textarea' };
        dependencies[item.id] = {
          oneOf: [
            {
              properties: {
                [item.id]: { enum: explained },
                [explanation]: { type: 'string', title: 'Explanation' },
              },
            },
            { properties: { [item.id]: { enum: options.filter((o) => !o.explain).map((o) => o.value) } } },
          ],
        };
      }
    } else if (item.type === 'field') {
      properties[item.id] = valueSchema(item, body, questionIds);
      uiSchema[item.id] = valueUi(item);
      if (item.required) required.push(item.id);
    } else {
      const table = item as Table;
      properties[table.id] = {
        type: 'array',
        title: en(table.label as Text),
        minItems: table.minRows,
        maxItems: table.maxRows,
        items: {
          type: 'object',
          properties: Object.fromEntries(table.columns.map((c) => [c.id, valueSchema(c, body, questionIds)])),
          required: table.columns.filter((c) => c.required).map((c) => c.id),
        },
      };
      uiSchema[table.id] = { items: Object.fromEntries(table.columns.map((c) => [c.id, valueUi(c)])) };
    }
  }
  // an explanation right under its question (RJSF puts what a dependency adds at the end)
  uiSchema['ui:order'] = [
    ...Object.keys(properties).flatMap((id) => (dependencies[id] ? [id, `${id}__explanation`] : [id])),
    '*',
  ];
  const schema: RJSFSchema = { type: 'object', properties, dependencies, required };
  return { schema, uiSchema };
}

/** The answers of a section's items (and their explanations). */
function ownData(schema: RJSFSchema, data: Data): Data {
  const own: Data = {};
  for (const key of Object.keys(schema.properties ?? {})) {
    if (data[key] !== undefined) own[key] = data[key];
    if (data[`${key}__explanation`] !== undefined) own[`${key}__explanation`] = data[`${key}__explanation`];
  }
  return own;
}

/** Saves each answer as it is given: a choice at once, typed text after a pause (as ours). */
function createSaver() {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const send = (id: string, value: unknown) =>
    void fetch(`./answers/${encodeURIComponent(id)}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ value: value ?? null }),
    });
  return (id: string, value: unknown, typed: boolean) => {
    clearTimeout(timers.get(id));
    if (!typed) send(id, value);
    else
      timers.set(
        id,
        setTimeout(() => send(id, value), 700),
      );
  };
}

/** The answers of every section, outside React; the progress line subscribes to them. */
function createAnswers(initial: Data, questionIds: string[], typedIds: Set<string>) {
  const data: Data = { ...initial };
  const listeners = new Set<() => void>();
  const save = createSaver();
  const answered = () => questionIds.filter((id) => data[id] !== undefined).length;
  return {
    data,
    answered,
    total: questionIds.length,
    /** What a form's change event changed, compared with what is kept; saved and kept. */
    update(next: Data) {
      let progress = false;
      for (const [key, value] of Object.entries(next)) {
        const was = data[key];
        if (value === was || (typeof value === 'object' && JSON.stringify(value) === JSON.stringify(was))) continue;
        if (questionIds.includes(key)) progress = true;
        data[key] = value;
        save(key, value, typedIds.has(key) || key.endsWith('__explanation'));
      }
      if (progress) for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
type AnswerKeeper = ReturnType<typeof createAnswers>;

function Progress({ answers }: { answers: AnswerKeeper }) {
  const [answered, setAnswered] = useState(answers.answered);
  useEffect(() => {
    const unsubscribe = answers.subscribe(() => setAnswered(answers.answered()));
    return () => {
      unsubscribe();
    };
  }, [answers]);
  return (
    <p className="bench-progress">
      <progress max={answers.total} value={answered} /> {answered} of {answers.total} answered
    </p>
  );
}

/** One section's form, uncontrolled: RJSF keeps its state; changes go to the answer keeper. */
const SectionForm = memo(function SectionForm({
  body,
  section,
  answers,
  questionIds,
}: {
  body: QuestionnaireBody;
  section: Section;
  answers: AnswerKeeper;
  questionIds: string[];
}) {
  const [status, setStatus] = useState(answers.data.status);
  // a field shown by a rule of this section (Part 3) rebuilds the schema when its condition changes
  const { schema, uiSchema } = useMemo(
    () => sectionSchema(body, section, { ...answers.data, status }, questionIds),
    [body, section, answers, status, questionIds],
  );
  const formData = useMemo(() => {
    return ownData(schema, answers.data);
  }, [answers, schema]);
  return (
    <Form
      schema={schema}
      uiSchema={uiSchema}
      formData={formData}
      validator={validator}
      onChange={(event: IChangeEvent) => {
        answers.update(event.formData as Data);
        if ((event.formData as Data).status !== status && 'status' in (event.formData as Data))
          setStatus((event.formData as Data).status);
      }}
    />
  );
});

function Paged({
  body,
  answers,
  questionIds,
}: {
  body: QuestionnaireBody;
  answers: AnswerKeeper;
  questionIds: string[];
}) {
  const visible = body.sections.filter((s) => holds(s.visible, answers.data));
  const [page, setPage] = useState(() =>
    Math.max(
      0,
      visible.findIndex((s) => s.id === params.get('section')),
    ),
  );
  const section = visible[page];
  const go = (next: number) => {
    setPage(next);
    window.scrollTo(0, 0);
  };
  return (
    <main className="bench-peer">
      <h1>{en(body.title as Text)}</h1>
      <Progress answers={answers} />
      <nav>
        <button type="button" className="bp6-button" disabled={page === 0} onClick={() => go(page - 1)}>
          Previous
        </button>
        <span>
          Page {page + 1} of {visible.length}
        </span>
        <button type="button" className="bp6-button" disabled={page >= visible.length - 1} onClick={() => go(page + 1)}>
          Next
        </button>
      </nav>
      <h2>{en(section.title as Text)}</h2>
      <SectionForm key={section.id} body={body} section={section} answers={answers} questionIds={questionIds} />
    </main>
  );
}

/** Every section in one form: each section an object property holding its items. */
function Whole({
  body,
  answers,
  questionIds,
}: {
  body: QuestionnaireBody;
  answers: AnswerKeeper;
  questionIds: string[];
}) {
  const { schema, uiSchema, formData } = useMemo(() => {
    const properties: Record<string, RJSFSchema> = {};
    const ui: UiSchema = { 'ui:submitButtonOptions': { norender: true } };
    const data: Data = {};
    for (const section of body.sections.filter((s) => holds(s.visible, answers.data))) {
      const one = sectionSchema(body, section, answers.data, questionIds);
      properties[section.id] = { ...one.schema, title: en(section.title as Text) };
      const { 'ui:submitButtonOptions': _, ...rest } = one.uiSchema;
      ui[section.id] = rest;
      data[section.id] = ownData(one.schema, answers.data);
    }
    return { schema: { type: 'object', properties } as RJSFSchema, uiSchema: ui, formData: data };
  }, [body, answers, questionIds]);
  return (
    <main className="bench-peer">
      <h1>{en(body.title as Text)}</h1>
      <Progress answers={answers} />
      <Form
        schema={schema}
        uiSchema={uiSchema}
        formData={formData}
        validator={validator}
        onChange={(event: IChangeEvent) => {
          for (const section of Object.values(event.formData as Record<string, Data>)) answers.update(section);
        }}
      />
    </main>
  );
}

async function main() {
  const [saq, initial] = await Promise.all([
    fetch('./saq.json').then((r) => r.json() as Promise<{ body: QuestionnaireBody }>),
    fetch('./answers.json').then((r) => r.json() as Promise<Data>),
  ]);
  const body = saq.body;
  const questionIds = body.sections.flatMap((s) => s.items.filter((i) => i.type === 'question').map((i) => i.id));
  // typed answers wait for a pause, choices go at once (ours: RecordQuestionnaire's TYPED_INPUTS)
  const typedIds = new Set(
    body.sections.flatMap((s) =>
      s.items.filter((i) => i.type === 'table' || (i.type === 'field' && TYPED.has(i.input))).map((i) => i.id),
    ),
  );
  const answers = createAnswers(initial, questionIds, typedIds);
  const View = mode === 'whole' ? Whole : Paged;
  createRoot(document.getElementById('root') as HTMLElement).render(
    <View body={body} answers={answers} questionIds={questionIds} />,
  );
}

void main();
