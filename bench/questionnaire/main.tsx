/**
 * The page of bench/questionnaire.ts. `?mode=ours` renders the questionnaire screen's view
 * (client/screens/questionnaire) on the document, `?mode=rjsf` plain @rjsf/core on the same
 * questions as one JSON schema (an explanation shown for N/A through `dependencies`, the usual
 * RJSF way). Both fetch saq.json and answers.json; window.__ready is set at the first painted
 * frame after the page is committed. Bench only: never part of the app bundle.
 */
import '@blueprintjs/core/lib/css/blueprint.css';
import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { type ReactNode, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from '../../client/i18n/i18n';
import { installIconLoader } from '../../client/runtime/icons';
import { QuestionnaireView } from '../../client/screens/questionnaire/QuestionnaireView';
import type { Answers, QuestionnaireBody } from '../../core/questionnaire/questionnaire.types';

const params = new URLSearchParams(location.search);
const mode = params.get('mode') ?? 'ours';
const section = params.get('section') ?? undefined;
const record = window as unknown as { __ready?: number; __arrival?: number };

/** The questions as one RJSF schema; an N/A answer adds its explanation field. */
function rjsfOf(body: QuestionnaireBody, answers: Answers) {
  const properties: Record<string, RJSFSchema> = {};
  const dependencies: Record<string, RJSFSchema> = {};
  const uiSchema: UiSchema = {};
  const formData: Record<string, unknown> = {};
  const reasons = new Map(
    ((answers.appendixC as { question: string; reason: string }[]) ?? []).map((r) => [r.question, r.reason]),
  );
  for (const s of body.sections) {
    for (const item of s.items) {
      if (item.type !== 'question') continue;
      const options = body.responseSets[item.responseSet].options;
      properties[item.id] = {
        type: 'string',
        title: `${item.requirement} ${typeof item.text === 'string' ? item.text : item.text.en}`,
        oneOf: options.map((o) => ({ const: o.value, title: typeof o.label === 'string' ? o.label : o.label.en })),
      };
      uiSchema[item.id] = { 'ui:widget': 'radio', 'ui:options': { inline: true } };
      uiSchema[`${item.id}__explanation`] = { 'ui:widget': 'textarea' };
      const explained = options.filter((o) => o.explain).map((o) => o.value);
      const rest = options.filter((o) => !o.explain).map((o) => o.value);
      dependencies[item.id] = {
        oneOf: [
          {
            properties: {
              [item.id]: { enum: explained },
              [`${item.id}__explanation`]: { type: 'string', title: 'Explanation' },
            },
          },
          { properties: { [item.id]: { enum: rest } } },
        ],
      };
      formData[item.id] = answers[item.id];
      if (reasons.has(item.id)) formData[`${item.id}__explanation`] = reasons.get(item.id);
    }
  }
  return { schema: { type: 'object', properties, dependencies } as RJSFSchema, uiSchema, formData };
}

function RjsfPage({ body, answers }: { body: QuestionnaireBody; answers: Answers }) {
  const { schema, uiSchema, formData } = rjsfOf(body, answers);
  // uncontrolled after the first render, as a plain RJSF page would be
  return <Form schema={schema} uiSchema={uiSchema} formData={formData} validator={validator} />;
}

/**
 * Wraps either page: once React has committed it (a layout effect), the next animation frame and a
 * task after it mean that frame was painted and the main thread is free again: interactive. The
 * bench waits for the console message (no polling from Playwright in the page meanwhile).
 */
function Ready({ children }: { children: ReactNode }) {
  useLayoutEffect(() => {
    requestAnimationFrame(() =>
      setTimeout(() => {
        record.__ready = performance.now();
        console.debug('bench:ready');
      }, 0),
    );
  }, []);
  return children;
}

async function main() {
  // as the app starts (client/main.tsx): icon paths from per-icon chunks, not Blueprint's all-icons chunk
  installIconLoader();
  await initI18n('en');
  const [saq, answers] = await Promise.all([
    fetch('./saq.json').then((r) => r.json()),
    fetch('./answers.json').then((r) => r.json()),
  ]);
  record.__arrival = performance.now();
  const root = createRoot(document.getElementById('root') as HTMLElement);
  const body = saq.body as QuestionnaireBody;
  root.render(
    <Ready>
      {mode === 'rjsf' ? (
        <RjsfPage body={body} answers={answers} />
      ) : (
        <QuestionnaireView body={body} initialAnswers={answers} initialSection={section} />
      )}
    </Ready>,
  );
}

void main();
