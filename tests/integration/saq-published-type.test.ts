import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WizardBody } from '../../core/wizards/wizard.types';
import { PILOT_ID, PILOT_TYPE, pilotQuestion, pilotSaq } from '../support/saq-pilot';
import { type TestServer, call, startTestServer, tokenFor } from './support/harness';

// Issue 23: a new SAQ type is a publish. An analyst publishes a type no code names, and the level
// wizard's rule that recommends it, through the config service; with no restart a merchant is
// recommended it, sees it in the type list, starts it and answers it.
const API = '/saq/api/v1';
const LEVEL_WIZARD = JSON.parse(readFileSync('schemas/wizards/pci-dss-level.json', 'utf8')).body as WizardBody;

describe('an SAQ type published at run time', () => {
  let server: TestServer;
  let admin: string;
  let merchant: string;

  const as = (token: string, method: string, path: string, body?: unknown) =>
    call(server.base, method, path, { token, body });
  const publish = async (kind: string, id: string, body: unknown) => {
    const draft = await as(admin, 'POST', `/config/v1/documents/${kind}/${id}/drafts`, { body });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const published = await as(
      admin,
      'POST',
      `/config/v1/documents/${kind}/${id}/versions/${draft.body.version}/publish`,
    );
    expect(published.status, JSON.stringify(published.body)).toBe(200);
  };

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
    [admin, merchant] = await Promise.all(
      ['admin@demo.test', 'merchant@demo.test'].map((e) => tokenFor(server.base, e)),
    );
  }, 90_000);
  afterAll(() => server.close());

  it('is refused with a clear 400 before it is published, and started and answered after', async () => {
    const before = await as(merchant, 'POST', `${API}/saqs`, { saqType: PILOT_TYPE });
    expect([before.status, before.body.code, before.body.errors]).toEqual([
      400,
      'saqTypeUnknown',
      { saqType: 'saqTypeUnknown' },
    ]);
    expect(before.body.message).toMatch(/no published SAQ/);

    const { body } = pilotSaq();
    await publish('questionnaire', PILOT_ID, body);

    const types = (await as(merchant, 'GET', `${API}/saq-types`)).body.content as { saqType: string }[];
    expect(types.find((type) => type.saqType === PILOT_TYPE)).toMatchObject({
      documentId: PILOT_ID,
      standardVersion: '4.0.1',
      questionCount: 12,
    });
    expect(types).toHaveLength(10); // the nine seeded, and the pilot

    const started = await as(merchant, 'POST', `${API}/saqs`, { saqType: PILOT_TYPE });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect(started.body.content).toMatchObject({ saqType: PILOT_TYPE, document: { id: PILOT_ID }, status: 'waiting' });
    const saqId = started.body.content.id as string;

    const question = pilotQuestion('8.3.6');
    const answered = await as(merchant, 'PUT', `${API}/saqs/${saqId}/answers/${question}`, { value: 'inPlace' });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    // judged by the pilot's own response set: a value it does not have is refused
    const wrong = await as(merchant, 'PUT', `${API}/saqs/${saqId}/answers/${question}`, { value: 'inPlaceCcw' });
    expect(wrong.status).toBe(422);
    const saved = (await as(merchant, 'GET', `${API}/saqs/${saqId}`)).body.content;
    expect(saved.answers).toEqual({ [question]: 'inPlace' });

    // still unknown: a type nobody published
    const unknown = await as(merchant, 'POST', `${API}/saqs`, { saqType: 'NOPE' });
    expect([unknown.status, unknown.body.code]).toEqual([400, 'saqTypeUnknown']);
  });

  it('is what the level wizard recommends once its published rule names it', async () => {
    const answers = {
      role: 'merchant',
      annualTransactions: 'under1m',
      ecommerceTransactions: 'under20k',
      acceptance: 'cardPresent',
      terminals: 'other',
      storesCardData: 'no',
      accurate: true,
    };
    const before = await as(merchant, 'POST', '/wbe/api/saq/level-result', answers);
    expect(before.body.content).toMatchObject({ level: 4, saqType: 'D' });

    const pilotFirst = {
      if: [{ '==': [{ var: 'terminals' }, 'other'] }, PILOT_TYPE, LEVEL_WIZARD.outcome?.saqType],
    };
    await publish('wizard', 'pci-dss-level', { ...LEVEL_WIZARD, outcome: { saqType: pilotFirst } });

    const after = await as(merchant, 'POST', '/wbe/api/saq/level-result', answers);
    expect(after.status, JSON.stringify(after.body)).toBe(201);
    expect(after.body.content).toMatchObject({ level: 4, saqType: PILOT_TYPE });
    // the other branches still follow the seeded rule
    const ecommerce = { ...answers, acceptance: 'ecommerce', paymentPage: 'partlyOutsourced', terminals: undefined };
    expect((await as(merchant, 'POST', '/wbe/api/saq/level-result', ecommerce)).body.content.saqType).toBe('A-EP');
  });
});
