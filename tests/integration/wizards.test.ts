import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WizardBody } from '../../core/wizards/wizard.types';
import { type TestServer, call, startTestServer, tokenFor } from './support/harness';

// The wizard kind over real HTTP: progress per user and wizard, judged step by step on the server,
// pinned to the version it started with, and submitted by the server to the wizard's submit path.
const WIZARD = '/wbe/api/wizards/pci-dss-level';
const PROGRESS = `${WIZARD}/progress`;

/** A merchant selling online through a partly outsourced payment page: level 4, SAQ A-EP. */
const ECOMMERCE = {
  business: { role: 'merchant' },
  volume: { annualTransactions: 'under1m' },
  ecommerceVolume: { ecommerceTransactions: 'under20k' },
  channel: { acceptance: 'ecommerce' },
  ecommerce: { paymentPage: 'partlyOutsourced' },
  storage: { storesCardData: 'no' },
  confirm: { accurate: true },
};

describe('wizards /wbe/api/wizards/:wizardId', () => {
  let server: TestServer;
  let admin: string;
  let merchant: string;
  let bank: string;

  const as = (token: string | undefined, method: string, path: string, body?: unknown) =>
    call(server.base, method, path, { token, body });

  /** Publishes a new version of a wizard document as the admin; returns its version number. */
  async function publishWizard(id: string, body: unknown): Promise<number> {
    const draft = await as(admin, 'POST', `/config/v1/documents/wizard/${id}/drafts`, { body });
    expect(draft.status).toBe(201);
    const published = await as(
      admin,
      'POST',
      `/config/v1/documents/wizard/${id}/versions/${draft.body.version}/publish`,
    );
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    return draft.body.version;
  }

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
    [admin, merchant, bank] = await Promise.all(
      ['admin@demo.test', 'merchant@demo.test', 'bank@demo.test'].map((email) => tokenFor(server.base, email)),
    );
  });
  afterAll(() => server.close());

  it('is for signed-in users only (401), knows its wizards (404, 400) and enforces the wizard guard (403)', async () => {
    for (const [method, path] of [
      ['GET', PROGRESS],
      ['PUT', PROGRESS],
      ['DELETE', PROGRESS],
      ['POST', `${WIZARD}/submit`],
    ]) {
      expect((await as(undefined, method, path, method === 'GET' ? undefined : {})).status, `${method} ${path}`).toBe(
        401,
      );
    }
    const unknown = await as(merchant, 'GET', '/wbe/api/wizards/no-such-wizard/progress');
    expect([unknown.status, unknown.body.code]).toEqual([404, 'documentNotFound']);
    expect((await as(merchant, 'GET', '/wbe/api/wizards/Not%20An%20Id/progress')).status).toBe(400);
    // the PCI DSS level wizard is guarded by the saq role group; the bank user is not in it
    const refused = await as(bank, 'PUT', PROGRESS, { step: 'business', answers: {} });
    expect([refused.status, refused.body.code]).toEqual([403, 'noPermission']);
  });

  it('saves progress step by step and answers it back with the pinned definition', async () => {
    expect((await as(merchant, 'GET', PROGRESS)).body).toEqual({ content: null });
    const saved = await as(merchant, 'PUT', PROGRESS, { step: 'volume', answers: { business: { role: 'merchant' } } });
    expect(saved.status).toBe(200);
    const resumed = await as(merchant, 'GET', PROGRESS);
    expect(resumed.body.content).toMatchObject({
      step: 'volume',
      answers: { business: { role: 'merchant' } },
      definition: { id: 'pci-dss-level', version: 1 },
    });
    expect(resumed.body.content.wizard.body.steps[0].id).toBe('business');
    // the step being filled is a draft: a half-typed or odd value is kept, judged when the step is left
    const draft = await as(merchant, 'PUT', PROGRESS, {
      step: 'volume',
      answers: { business: { role: 'merchant' }, volume: { annualTransactions: 'lots' } },
    });
    expect(draft.status).toBe(200);
    const leaving = await as(merchant, 'PUT', PROGRESS, {
      step: 'channel',
      answers: { business: { role: 'merchant' }, volume: { annualTransactions: 'lots' } },
    });
    expect(leaving.status).toBe(422);
    expect(leaving.body).toMatchObject({
      code: 'validationFailed',
      step: 'volume',
      errors: { 'volume.annualTransactions': 'validation.invalid' },
    });
    // and the rejected save left the stored progress as it was
    expect((await as(merchant, 'GET', PROGRESS)).body.content.answers.volume).toEqual({ annualTransactions: 'lots' });
  });

  it('answers 400 for bad bodies and unknown steps, 422 for a step the answers do not lead to, 413 when too big', async () => {
    const bad = [
      {},
      { step: 'business' },
      { step: 'business', answers: [] },
      { step: 'business', answers: { business: 'merchant' } },
      { step: 'business', answers: {}, extra: true },
      { step: 'business', answers: {}, version: 0 },
      { step: 'nowhere', answers: {} },
      { step: 'business', answers: { nowhere: {} } },
    ];
    for (const body of bad) {
      const answer = await as(merchant, 'PUT', PROGRESS, body);
      expect([answer.status, answer.body.code], JSON.stringify(body)).toEqual([400, 'invalidRequest']);
    }
    // a card-present merchant never reaches the e-commerce step
    const offPath = await as(merchant, 'PUT', PROGRESS, {
      step: 'ecommerce',
      answers: {
        business: { role: 'merchant' },
        volume: { annualTransactions: 'over6m' },
        channel: { acceptance: 'cardPresent' },
      },
    });
    expect([offPath.status, offPath.body.errors]).toEqual([422, { step: 'wizard.stepNotOnPath' }]);
    const huge = await as(merchant, 'PUT', PROGRESS, {
      step: 'business',
      answers: { business: { role: 'x'.repeat(70_000) } },
    });
    expect([huge.status, huge.body.code]).toEqual([413, 'payloadTooLarge']);
  });

  it('submits only what the server judged: 409 without progress, 422 naming the first incomplete step', async () => {
    await as(merchant, 'DELETE', PROGRESS);
    const none = await as(merchant, 'POST', `${WIZARD}/submit`, {});
    expect([none.status, none.body.code]).toEqual([409, 'wizardNotStarted']);
    // the browser may claim to stand on the last step, but the current step is judged at submit too
    const { confirm: _confirm, ...withoutConfirm } = ECOMMERCE;
    expect((await as(merchant, 'PUT', PROGRESS, { step: 'confirm', answers: withoutConfirm })).status).toBe(200);
    const incomplete = await as(merchant, 'POST', `${WIZARD}/submit`, {});
    expect(incomplete.status).toBe(422);
    expect(incomplete.body).toMatchObject({ step: 'confirm', errors: { 'confirm.accurate': 'validation.required' } });
    expect((await as(merchant, 'POST', `${WIZARD}/submit`, { answers: ECOMMERCE })).status).toBe(400);
  });

  it('submits the merged answers of the path to the submit path, stores the result and ends the progress', async () => {
    // an answer from a branch the user left behind stays saved but is not sent
    const answers = { ...ECOMMERCE, cardPresent: { terminals: 'p2pe' } };
    expect((await as(merchant, 'PUT', PROGRESS, { step: 'confirm', answers })).status).toBe(200);
    const submitted = await as(merchant, 'POST', `${WIZARD}/submit`, {});
    expect(submitted.status).toBe(201);
    expect(submitted.body.content).toMatchObject({ level: 4, saqType: 'A-EP' });
    expect(submitted.body.content.answers.terminals).toBeUndefined();
    expect((await as(merchant, 'GET', PROGRESS)).body).toEqual({ content: null });
    const stored = await as(merchant, 'GET', '/wbe/api/saq/level-result');
    expect(stored.body.content).toMatchObject({ level: 4, saqType: 'A-EP' });
  });

  it('pins progress to the version it started with until the user starts over', async () => {
    await as(merchant, 'PUT', PROGRESS, { step: 'volume', answers: { business: { role: 'merchant' } }, version: 1 });
    const v1 = (await as(merchant, 'GET', PROGRESS)).body.content.wizard.body as WizardBody;
    const v2 = await publishWizard('pci-dss-level', {
      ...v1,
      title: { en: 'PCI DSS level (v2)', tr: 'PCI DSS seviyesi (v2)' },
    });
    expect(v2).toBe(2);

    const pinned = await as(merchant, 'GET', PROGRESS);
    expect(pinned.body.content.definition.version).toBe(1);
    expect(pinned.body.content.wizard.body.title).toBe('wizard.pciLevel.title');
    // the browser judges the steps of the retired version with that version's validators
    const module = await fetch(
      `${server.base}/config/v1/validators/wizard/pci-dss-level/1/${pinned.body.content.wizard.hash}.js`,
    );
    expect(module.status).toBe(200);
    expect(await module.text()).toContain('"/steps/0/schema"');
    // a browser showing another version than the pinned one is told so
    const stale = await as(merchant, 'PUT', PROGRESS, {
      step: 'volume',
      answers: { business: { role: 'merchant' } },
      version: 2,
    });
    expect([stale.status, stale.body.code, stale.body.version]).toEqual([409, 'wizardChanged', 1]);
    expect((await as(merchant, 'PUT', PROGRESS, { step: 'volume', answers: {}, version: 1 })).status).toBe(422);

    // start over: the latest version applies
    expect((await as(merchant, 'DELETE', PROGRESS)).body).toEqual({ content: null });
    const fresh = await as(merchant, 'PUT', PROGRESS, { step: 'business', answers: {} });
    expect(fresh.body.content.definition).toEqual({ id: 'pci-dss-level', version: 2 });
    expect(fresh.body.content.wizard.body.title).toEqual({ en: 'PCI DSS level (v2)', tr: 'PCI DSS seviyesi (v2)' });
    await as(merchant, 'DELETE', PROGRESS);
  });

  it('runs the submit as the caller: the target’s own guard and validation answer, progress is kept on failure', async () => {
    const open: WizardBody = {
      title: { en: 'Open', tr: 'Açık' },
      steps: [
        {
          id: 'only',
          title: { en: 'Only', tr: 'Tek' },
          schema: { type: 'object', properties: { role: { type: 'string', enum: ['merchant'] } } },
        },
      ],
      submit: { method: 'POST', path: '/wbe/api/saq/level-result' },
    };
    await publishWizard('open-level', open);
    const path = '/wbe/api/wizards/open-level';
    // the bank user may use this unguarded wizard, but the saq endpoint refuses them
    expect((await as(bank, 'PUT', `${path}/progress`, { step: 'only', answers: { only: {} } })).status).toBe(200);
    const refused = await as(bank, 'POST', `${path}/submit`, {});
    expect([refused.status, refused.body.code]).toEqual([403, 'noPermission']);
    // the merchant passes the guard, but the merged answers miss what the endpoint requires
    await as(merchant, 'PUT', `${path}/progress`, { step: 'only', answers: { only: { role: 'merchant' } } });
    const invalid = await as(merchant, 'POST', `${path}/submit`, {});
    expect([invalid.status, invalid.body.code]).toEqual([400, 'invalidRequest']);
    expect(invalid.body.errors).toMatchObject({ accurate: 'validation.required' });
    expect((await as(merchant, 'GET', `${path}/progress`)).body.content.step).toBe('only');
    expect((await as(bank, 'GET', `${path}/progress`)).body.content.answers).toEqual({ only: {} });
  });

  it('refuses to publish a wizard that names an unpublished form or branches to nowhere', async () => {
    const body = {
      title: 'wizard.pciLevel.title',
      steps: [
        { id: 'a', title: 'wizard.steps', form: 'no-such-form', next: 'b' },
        { id: 'b', title: 'wizard.steps', form: 'profile' },
      ],
      submit: { method: 'POST', path: '/wbe/api/saq/level-result' },
    };
    const dryRun = await as(admin, 'POST', '/config/v1/documents/wizard/broken/validate', { body });
    expect(dryRun.body.content.problems).toMatchObject([
      {
        path: '/body/steps/0/form',
        code: 'notPublished',
        message: 'There is no published form document “no-such-form”; publish it first.',
      },
    ]);
    const draft = await as(admin, 'POST', '/config/v1/documents/wizard/broken/drafts', {
      body: { ...body, steps: [{ ...body.steps[0], next: 'a' }, body.steps[1]] },
    });
    const publish = await as(
      admin,
      'POST',
      `/config/v1/documents/wizard/broken/versions/${draft.body.version}/publish`,
    );
    expect(publish.status).toBe(422);
    expect(publish.body.problems.map((problem: { path: string }) => problem.path)).toEqual([
      '/body/steps/0/next',
      '/body/steps/0/form',
    ]);
  });
});

describe('SAQ level result /wbe/api/saq/level-result', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
  });
  afterAll(() => server.close());

  it('computes and stores the level for the saq group; refuses others and incomplete branches', async () => {
    const [merchant, bank] = await Promise.all([
      tokenFor(server.base, 'merchant@demo.test'),
      tokenFor(server.base, 'bank@demo.test'),
    ]);
    const path = '/wbe/api/saq/level-result';
    const provider = { role: 'serviceProvider', spTransactions: 'over300k', accurate: true };
    expect((await call(server.base, 'POST', path, { body: provider })).status).toBe(401);
    expect((await call(server.base, 'POST', path, { token: bank, body: provider })).status).toBe(403);
    expect((await call(server.base, 'GET', path, { token: merchant })).body).toEqual({ content: null });

    const missing = await call(server.base, 'POST', path, {
      token: merchant,
      body: { role: 'merchant', accurate: true },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toMatchObject({
      annualTransactions: 'validation.required',
      acceptance: 'validation.required',
    });
    const foreign = await call(server.base, 'POST', path, { token: merchant, body: { ...provider, level: 4 } });
    expect(foreign.status).toBe(400);

    const saved = await call(server.base, 'POST', path, { token: merchant, body: provider });
    expect(saved.status).toBe(201);
    expect(saved.body.content).toMatchObject({ level: 1, saqType: 'D-SP' });
    const card = {
      role: 'merchant',
      annualTransactions: '1mTo6m',
      acceptance: 'cardPresent',
      terminals: 'ipTerminals',
      storesCardData: 'no',
      accurate: true,
    };
    await call(server.base, 'POST', path, { token: merchant, body: card });
    expect((await call(server.base, 'GET', path, { token: merchant })).body.content).toMatchObject({
      level: 2,
      saqType: 'B-IP',
    });
  });
});
