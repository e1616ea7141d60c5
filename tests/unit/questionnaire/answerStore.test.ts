import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createAnswerStore, PROGRESS, SECTIONS } from '../../../client/screens/questionnaire/answerStore';
import { answerProgress, checkAnswers, compileQuestionnaire } from '../../../core/questionnaire/questionnaire';

const saqA = JSON.parse(fs.readFileSync('schemas/saq/saq-a-4.0.1.json', 'utf8')).body;
const compiled = compileQuestionnaire(saqA);
const [first, second] = compiled.questionIds;
const messages = (list: readonly { message: unknown }[]) =>
  list.map((p) => (p.message as { en?: string }).en ?? p.message);

describe('the questionnaire answer store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  test('a change notifies its own item (and progress), never a sibling question', () => {
    const calls: string[] = [];
    const store = createAnswerStore(compiled, {});
    for (const key of [first, second, PROGRESS, SECTIONS]) store.subscribe(key, () => calls.push(key));
    store.setAnswer(first, 'inPlace');
    expect(calls).toContain(first);
    expect(calls).toContain(PROGRESS);
    expect(calls).not.toContain(second);
    expect(store.progress().answered).toBe(1);
  });

  test('progress counts what submit asks — visible questions and required fields — as the server does', () => {
    const store = createAnswerStore(compiled, {});
    const before = store.progress();
    expect(before.answered).toBe(0);
    // what is not answered is exactly what the whole-document pass finds missing (the server's count)
    expect(before.total).toBe(checkAnswers(compiled, {}).missing.length);
    expect(before.total).toBeGreaterThan(compiled.questionIds.length);
    store.setAnswer('companyName', 'Acme');
    expect(store.progress()).toEqual({ answered: 1, total: before.total });
    store.setAnswer('dba', 'Acme trading'); // optional: not counted
    expect(store.progress()).toEqual({ answered: 1, total: before.total });
    store.setAnswer(first, 'inPlace');
    const answers = store.snapshot();
    expect(store.progress()).toEqual(answerProgress(compiled, answers));
    expect(store.progress().total - store.progress().answered).toBe(checkAnswers(compiled, answers).missing.length);
  });

  test('progress moved by each change stays what a pass over the whole document counts', () => {
    // SAQ D-SP: visibility rules (the status's target date, the legal restriction) and required fields
    const dsp = compileQuestionnaire(
      JSON.parse(fs.readFileSync('schemas/saq/saq-d-service-provider-4.0.1.json', 'utf8')).body,
    );
    const store = createAnswerStore(dsp, {});
    const ids = [...dsp.entries.keys()];
    const answerFor = (id: string, n: number): unknown => {
      const item = dsp.entries.get(id)?.item;
      if (n % 5 === 0) return undefined;
      if (item?.type === 'question') return ['inPlace', 'notInPlace', 'notApplicable'][n % 3];
      if (item?.type === 'field' && item.options?.length) return item.options[n % item.options.length].value;
      if (item?.type === 'field' && item.input === 'checkbox') return n % 2 === 0;
      if (item?.type === 'table') return n % 2 ? [] : undefined;
      return `text ${n}`;
    };
    for (let n = 1; n <= 200; n += 1) {
      const id = ids[(n * 7919) % ids.length];
      store.setAnswer(id, answerFor(id, n));
      expect(store.progress(), `${n}: ${id}`).toEqual(answerProgress(dsp, store.snapshot()));
    }
  });

  test('N/A needs its Appendix C row; the explanation writes the row and clears the problem', () => {
    const saved: [string, unknown][] = [];
    const store = createAnswerStore(compiled, {}, (id, value) => saved.push([id, value]));
    store.setAnswer(first, 'notApplicable');
    expect(messages(store.problems(first))).toEqual(['Explain it in Appendix C']);
    store.setExplanation(first, 'No such systems');
    expect(store.problems(first)).toEqual([]);
    expect(store.explanation(first)).toBe('No such systems');
    expect(saved.at(-1)).toEqual(['appendixC', [{ question: first, reason: 'No such systems' }]]);
    // removing the row brings the problem back
    store.setAnswer('appendixC', undefined);
    expect(messages(store.problems(first))).toEqual(['Explain it in Appendix C']);
  });

  test('a value outside the response set is a problem of that question at once', () => {
    const store = createAnswerStore(compiled, {});
    store.setAnswer(first, 'notTested');
    expect(store.problems(first)).toEqual([{ item: first, message: 'questionnaire.notAnOption' }]);
  });

  test('document rules run in the debounced background pass, not on the change', () => {
    const store = createAnswerStore(compiled, {});
    store.setAnswer(first, 'notInPlace');
    store.setAnswer('status', 'compliant');
    expect(store.problems('status')).toEqual([]);
    vi.advanceTimersByTime(400);
    expect(messages(store.problems('status'))).toEqual(['Compliant cannot be chosen while an answer is Not in Place']);
    store.setAnswer(first, 'inPlace');
    const result = store.checkNow();
    expect(result.problems.filter((p) => p.rule)).toEqual([]);
    expect(store.problems('status')).toEqual([]);
  });

  test('the action plan section shows only while the status is not compliant', () => {
    const store = createAnswerStore(compiled, { status: 'compliant' });
    expect(store.isVisible('actionPlan')).toBe(false);
    const sections: string[] = [];
    store.subscribe(SECTIONS, () => sections.push('flip'));
    store.setAnswer('status', 'nonCompliant');
    expect(store.isVisible('actionPlan')).toBe(true);
    expect(sections).toEqual(['flip']);
  });
});
