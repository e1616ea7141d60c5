import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTION_NAMES } from '../../server/store/store.types';
import type { UserRecord } from '../../server/store/records.types';
import { fuzzRequest } from './support/fuzz-requests';
import { fillPath, type MountedRoute, mountedRoutes, parameterNames } from './support/mounted-routes';
import { call, login, startTestServer, type TestServer } from './support/harness';
import { signedSaqA } from './support/saq-flow';
import { type Answer, closeConnections, send } from './support/raw-http';

/**
 * Property-based fuzzing of every route the server mounts (found by walking its routers), signed
 * out, as a plain user and as an admin: no 5xx, every error in the documented shape, nothing
 * logged as a failure, and the server still answering afterwards.
 * A fixed count of requests per route and identity (FUZZ_RUNS, 3 by default; `npm run test:fuzz`
 * sends 200), so the run costs the same on a busy machine as on a quiet one. The seed is printed, and
 * named in a failure: FUZZ_SEED replays a run.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 3);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

const ERROR_CODES = new Set(
  Object.keys((JSON.parse(readFileSync('locales/en.json', 'utf8')) as { errors: object }).errors),
);

/** What is wrong with an answer, or null: 5xx, or an error without the documented shape. */
function problemWith(answer: Answer, method: string): string | null {
  if (answer.status >= 500) return `status ${answer.status}`;
  if (answer.status < 400 || method === 'HEAD') return null;
  if (!answer.contentType.startsWith('application/json')) return `error answer as ${answer.contentType || 'nothing'}`;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return 'error answer is not JSON';
  }
  const { code, message } = (body ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code !== 'string' || !ERROR_CODES.has(code)) return `error code ${JSON.stringify(code)} not in errors.*`;
  if (typeof message !== 'string' || message === '') return 'error message missing';
  return null;
}

/** The id of an SAQ A the demo merchant starts, so fuzzed answers reach the questionnaire checks. */
async function startedSaq(base: string): Promise<string> {
  const token = (await login(base, 'merchant@demo.test')).body.content.token as string;
  const started = await call(base, 'POST', '/saq/api/v1/saqs', { token, body: { saqType: 'A' } });
  return started.body.content.id as string;
}

/** A signed SAQ A of the merchant, submitted to Demo Bank: the bank's validation has one to judge. */
async function submittedSaq(server: TestServer): Promise<string> {
  const { base } = server;
  const token = (await login(base, 'merchant@demo.test')).body.content.token as string;
  const signed = await signedSaqA(server, token);
  await call(base, 'POST', `/saq/api/v1/saqs/${signed.id}/submit`, { token, body: { bankId: 'org-demo-bank' } });
  return signed.id as string;
}

interface Identity {
  name: 'signed out' | 'plain user' | 'admin' | 'saq user' | 'bank user';
  email: string | null;
  token: string | null;
}

describe('fuzzing every mounted route', () => {
  let server: TestServer;
  let routes: MountedRoute[];
  const logged: string[] = [];

  beforeAll(async () => {
    server = await startTestServer({
      withSmtp: false,
      // throttles are tested on their own (throttles.test.ts); here requests should reach the handlers
      rateLimits: {
        anonymousWrites: 1e6,
        signUp: 1e6,
        twoFactor: 1e6,
        forgotPassword: 1e6,
        helpChatMessages: 1e6,
        helpChatAnswers: 1e6,
      },
      log: {
        info: () => {},
        warn: () => {},
        error: (message, error) => logged.push(`${message}: ${error instanceof Error ? error.message : error}`),
      },
    });
    routes = mountedRoutes(server.app);
  });
  afterAll(async () => {
    closeConnections();
    await server.close();
  });

  it('finds the routes by walking the routers', () => {
    const listed = routes.map((route) => `${route.method} ${route.path}`);
    expect(listed).toContain('POST /iam/api/auth/register');
    expect(listed).toContain('GET /config/v1/documents/:kind/:id');
    expect(listed).toContain('GET /trn/v2/login/organization/:id');
    expect(listed).toContain('POST /wbe/api/user/log/error');
    expect(listed).toContain('GET /ntgw/api/notifs');
    expect(listed).toContain('POST /ntgw/api/notifications/mark-as-read');
    expect(listed).toContain('POST /ntgw/api/notifications');
    expect(listed).toContain('POST /tm/api/v1/transactions/batch');
    expect(listed).toContain('GET /wbe/api/transaction-monitoring/transactions/:id/trace');
    expect(listed).toContain('POST /wbe/api/transaction-monitoring/rules/preview');
    expect(listed).toContain('POST /wbe/api/realtime/auth');
    expect(listed).toContain('POST /wbe/api/help-chat/mine/messages');
    expect(listed).toContain('POST /wbe/api/help-chat/conversations/:conversationId/messages');
    expect(listed).toContain('POST /wbe/api/user/log/error/file_upload');
    expect(listed).toContain('GET /wbe/api/download/report/:report_id');
    expect(listed).toContain('POST /wbe/api/reports');
    expect(listed).toContain('DELETE /wbe/api/reports/:report_id');
    expect(listed).toContain('PUT /saq/api/v1/saqs/:saqId/answers/:itemId');
    expect(listed).toContain('POST /saq/api/v1/saqs/:saqId/complete');
    expect(listed).toContain('GET /saq/api/v1/saqs');
    expect(listed).toContain('GET /saq/api/v1/banks');
    expect(listed).toContain('POST /saq/api/v1/saqs/:saqId/sign');
    expect(listed).toContain('GET /saq/api/v1/saqs/:saqId/attestation');
    expect(listed).toContain('GET /saq/api/v1/saqs/:saqId/history');
    expect(listed).toContain('POST /saq/api/v1/saqs/:saqId/submit');
    expect(listed).toContain('GET /saq/api/v1/saqs/:saqId/migration');
    expect(listed).toContain('POST /saq/api/v1/saqs/:saqId/migrate');
    expect(listed).toContain('GET /saq/api/v1/saqs/:saqId/workbook');
    expect(listed).toContain('POST /saq/api/v1/saqs/:saqId/workbook');
    expect(listed).toContain('GET /maq/api/assessments/:id/workbook');
    expect(listed).toContain('POST /maq/api/assessments/:id/workbook');
    expect(listed).toContain('GET /maq/api/review-requests/groups/:by');
    expect(listed).toContain('GET /maq/api/review-requests/group/:groupId/assessments');
    expect(listed).toContain('GET /maq/api/portfolio/:thirdPartyId');
    expect(listed).toContain('GET /wbe/api/management-saq/saqs');
    expect(listed).toContain('GET /wbe/api/management-saq/saqs/:saqId');
    expect(listed).toContain('GET /wbe/api/management-saq/saqs/:saqId/attestation');
    expect(listed).toContain('GET /wbe/api/management-saq/saqs/:saqId/history');
    expect(listed).toContain('GET /ast/issue/get_total_issues/:userType');
    expect(listed).toContain('GET /ast/issue/get_issue_progress/:months');
    expect(listed).toContain('GET /wbe/api/management-saq/stats');
    expect(listed).toContain('POST /wbe/api/compliance-documents/:type');
    expect(listed).toContain('GET /wbe/api/management-saq/documents/:type/:documentId/file');
    expect(listed).toContain('DELETE /wbe/api/userComplianceShares/:bankId');
    expect(listed).toContain('POST /wbe/api/management-saq/saqs/:saqId/validate');
    expect(listed).toContain('POST /wbe/api/management-saq/saqs/:saqId/return');
    expect(listed).toContain('POST /wbe/api/pci-request-ids');
    expect(listed).toContain('POST /wbe/api/pci-request-ids/:requestIdId/revoke');
    expect(listed).toContain('POST /wbe/api/pci-requests');
    expect(listed).toContain('GET /wbe/api/pci-requests/:requestId');
    expect(listed).toContain('GET /wbe/api/pci-dss/merchants');
    expect(listed).toContain('POST /wbe/api/resources/:resource/import');
    expect(listed).toContain('GET /wbe/api/resources/:resource/import/template');
    expect(listed).toContain('POST /wbe/api/scans');
    expect(listed).toContain('GET /wbe/api/scans');
    expect(listed).toContain('GET /wbe/api/scans/:scanId');
    expect(listed).toContain('GET /wbe/api/scan/:scanId/menu_items');
    expect(listed).toContain('GET /wbe/api/scans/:scanId/checks');
    expect(listed).toContain('GET /wbe/api/scans/:scanId/checks/:check');
    expect(listed).toContain('GET /wbe/api/scans/:scanId/checks/:check/findings');
    expect(listed).toContain('GET /wbe/api/scans/:scanId/groups/:group');
    expect(listed).toContain('GET /wbe/api/scans/:scanId/groups/:group/findings');
    expect(listed).toContain('GET /saq/api/v1/saqs/:saqId/suggestions');
    expect(listed).toContain('POST /saq/api/v1/saqs/:saqId/suggestions/:itemId/accept');
    expect(listed).toContain('POST /saq/api/v1/saqs/:saqId/suggestions/:itemId/override');
    expect(listed).toContain('GET /wbe/api/portfolio/merchants/:id/assets');
    expect(listed).toContain('POST /wbe/api/portfolio/merchants/:id/assets');
    expect(listed).toContain('POST /wbe/api/portfolio/merchants/:id/action-items/:check/:action');
    expect(listed).toContain('PUT /wbe/api/portfolio/merchants/:id/settings');
    expect(listed).toContain('PUT /wbe/api/portfolio/merchants/:id/general');
    expect(listed).toContain('GET /wbe/api/portfolio/merchants/:id/sharing');
    expect(listed).toContain('PUT /wbe/api/portfolio/merchants/:id/sharing');
    expect(listed).toContain('GET /wbe/api/portfolio/sharing-organizations');
    expect(listed).toContain('POST /wbe/api/portfolio/merchants/:id/invite');
    expect(listed).toContain('GET /wbe/api/portfolio/merchants/:id/site');
    expect(listed).toContain('GET /wbe/api/portfolio/merchants/:id/site/:list');
    expect(listed).toContain('GET /ast/issue/get_last_scan_score/:merchantId');
    expect(listed).toContain('PUT /wbe/api/mmsp/settings');
    expect(listed).toContain('GET /wbe/api/mmsp/dashboard');
    expect(listed).toContain('POST /wbe/api/mmsp/prohibited-marking/:answer');
    expect(listed).toContain('GET /wbe/api/mmsp/report');
  });

  it(
    'answers generated requests on every route with no 5xx and only documented errors',
    async () => {
      const identities: Identity[] = [
        { name: 'signed out', email: null, token: null },
        { name: 'plain user', email: 'assessee@demo.test', token: null },
        { name: 'admin', email: 'admin@demo.test', token: null },
        // the SAQ service's writes are for saq-role users only
        { name: 'saq user', email: 'merchant@demo.test', token: null },
        // the bank side (/wbe/api/management-saq) is for the bank role group
        { name: 'bank user', email: 'bank@demo.test', token: null },
      ];
      const fuzzers = new Set(identities.map((identity) => identity.email));
      const users = await server.store.collection<UserRecord>('users').all();
      const documents = (await call(server.base, 'GET', '/config/v1/documents')).body.content as {
        kind: string;
        id: string;
        latestVersion: number;
      }[];
      // values that get past lookups, so the fuzz reaches the code behind them (not the fuzzers themselves)
      const known = [
        ...new Set([
          ...users.filter((user) => !fuzzers.has(user.email)).map((user) => user.id),
          ...users.flatMap((user) => user.organizationIds),
          ...documents.flatMap((document) => [document.kind, document.id, String(document.latestVersion)]),
          ...COLLECTION_NAMES,
          // an SAQ submitted to the bank user's bank (for its validation), an SAQ the saq user may
          // answer, and items of its questionnaire
          await submittedSaq(server),
          await startedSaq(server.base),
          'compliant',
          'nonCompliant',
          'req_2_2_2',
          'companyName',
          'org-demo-bank',
          'locations',
          // compliance document types
          'asv',
          'aoc',
          '1',
          '2',
          // a resource every fuzzing admin may import into
          'third-party',
          // how review requests group
          'thirdParty',
          'template',
          // a portfolio merchant of the bank user, a check and what an action item may be told
          'demo-merchant-anatolia',
          'xss',
          'ignore',
          'asset',
          // the prohibited-goods answers and a bank merchant, so a marking gets past its lookups
          'yes',
          'no',
        ]),
      ];

      /** A fresh token when the last one stopped working (the fuzz may change its own account). */
      async function refresh(identity: Identity): Promise<void> {
        if (!identity.email) return;
        if (identity.token && (await call(server.base, 'GET', '/iam/api/me', { token: identity.token })).status === 200)
          return;
        const answer = await login(server.base, identity.email);
        identity.token = answer.status === 200 ? (answer.body.content.token as string) : null;
      }

      const failures = new Map<string, string>();
      let sent = 0;
      const started = Date.now();
      let seed = SEED;
      for (const route of routes) {
        const names = parameterNames(route.path);
        const arbitrary = fuzzRequest(route.method, names, known);
        for (const identity of identities) {
          await refresh(identity);
          seed += 1;
          for (const fuzz of fc.sample(arbitrary, { numRuns: RUNS, seed })) {
            const path = fillPath(route.path, fuzz.params);
            const answer = await send(server.base, path, fuzz, identity.token ?? null).catch((error: Error) => ({
              status: 0,
              contentType: '',
              text: `no answer: ${error.message}`,
            }));
            sent += 1;
            const problem = answer.status === 0 ? answer.text : problemWith(answer, fuzz.method);
            const key = `${route.method} ${route.path} (${identity.name}): ${problem}`;
            if (problem && !failures.has(key)) {
              const headers = JSON.stringify(fuzz.headers);
              const body = fuzz.body ? fuzz.body.toString('utf8', 0, 120) : '';
              failures.set(
                key,
                `${fuzz.method} ${path.slice(0, 120)} ${headers} ${body} → ${answer.text.slice(0, 160)}`,
              );
            }
          }
        }
      }
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(
        `fuzz: ${sent} requests to ${routes.length} routes × ${identities.length} identities in ${seconds} s ` +
          `(seed ${SEED}): ${failures.size} distinct failures, ${logged.length} failures logged`,
      );
      const report = [...failures].map(([key, example]) => `${key}\n    e.g. ${example}`);
      const causes = [...new Set(logged.map((line) => line.replace(/^\w+ \S+ failed: /, '').slice(0, 100)))];
      expect({ failures: report, logged: causes }, `seed ${SEED}: FUZZ_SEED=${SEED} replays this run`).toEqual({
        failures: [],
        logged: [],
      });

      // still answering: the config bundle, and a sign-in
      expect((await call(server.base, 'GET', '/config/v1/app')).status).toBe(200);
      expect((await login(server.base, 'admin@demo.test')).status).toBe(200);
    },
    // a fixed count of requests: generous for a busy machine, never a budget the sending runs to
    Math.max(180_000, RUNS * 5_000),
  );
});
