/**
 * List endpoint of a generic resource on the embedded store: 100,000 records, one filter and one
 * sort, p95 latency over HTTP on the real server. Printed against the 100 ms target and, measured in
 * the same run, against two baselines: reading one record of the same resource over HTTP (the
 * same authentication, guard and scoping path without the query) and Array.filter + sort over
 * the same records in this process (the query's work without the server).
 * Run: npx tsx bench/list-endpoint.ts (also in npm run bench). Not part of npm test.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stopProcess } from './support/app-process';

const RECORDS = Number(process.env.BENCH_RECORDS ?? 100_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const TARGET_MS = 100;
const PORT = 4185;
const BASE = `http://127.0.0.1:${PORT}`;
const RESOURCE = 'bench-mcc';
const ORGANIZATION = 'org-paysec'; // the admin's session organisation

const RISKS = ['low', 'medium', 'high'] as const;

function makeRecords(count: number) {
  const now = Date.now();
  return Array.from({ length: count }, (_, i) => {
    const at = new Date(now - i * 60_000).toISOString();
    return {
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      code: `${String(1000 + (i % 9000)).padStart(4, '0')}-${i}`,
      description: `Merchant category ${i}`,
      riskLevel: RISKS[(i * 7) % 3],
      score: (i * 7919) % 1000,
      organizationId: ORGANIZATION,
      createdAt: at,
      updatedAt: at,
      createdBy: 'bench',
      definition: { id: RESOURCE, version: 1 },
    };
  });
}

const resource = {
  title: { en: 'Benchmark MCC codes', tr: 'Kıyaslama MCC kodları' },
  schema: {
    type: 'object',
    required: ['code', 'riskLevel'],
    properties: {
      code: { type: 'string' },
      description: { type: 'string' },
      riskLevel: { enum: RISKS },
      score: { type: 'integer' },
    },
  },
  scope: 'organization',
  guards: { list: { anyOf: [] }, read: { anyOf: [] }, create: null, update: null, delete: null },
  unique: [['code']],
  filterable: ['riskLevel', 'score', 'code'],
  sortable: ['score', 'code', 'createdAt'],
};

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 1800; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

async function json(method: string, url: string, token?: string, body?: unknown) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(BASE + url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const answer = (await res.json()) as Record<string, any>;
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(answer)}`);
  return answer;
}

const p95 = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.ceil(samples.length * 0.95) - 1];

async function timeCalls(url: string, token: string, check: (body: any) => void): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES + 10; i++) {
    const start = performance.now();
    const res = await fetch(BASE + url, { headers: { authorization: `Bearer ${token}` } });
    const body = await res.json();
    const elapsed = performance.now() - start;
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
    check(body);
    if (i >= 10) samples.push(elapsed); // the first calls warm up the JIT
  }
  return samples;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-list-'));
const records = makeRecords(RECORDS);
fs.writeFileSync(path.join(dataDir, `res.${RESOURCE}.json`), JSON.stringify(records));
const app: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  stdio: 'ignore',
  env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, NODE_ENV: 'production' },
});
try {
  await waitFor(`${BASE}/config/v1/documents`);
  const login = await fetch(`${BASE}/iam/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'admin@demo.test', password: 'Demo-Pass1' }),
  });
  const token = ((await login.json()) as { content: { token: string } }).content.token;
  const draft = await json('POST', `/config/v1/documents/resource/${RESOURCE}/drafts`, token, { body: resource });
  await json('POST', `/config/v1/documents/resource/${RESOURCE}/versions/${draft.version}/publish`, token);

  const filter = encodeURIComponent(JSON.stringify({ field: 'riskLevel', op: 'eq', value: 'high' }));
  const listUrl = `/wbe/api/resources/${RESOURCE}?filter=${filter}&sort=-score&pageSize=25`;
  const expected = records.filter((r) => r.riskLevel === 'high').length;
  const list = await timeCalls(listUrl, token, (body) => {
    if (body.content.total !== expected || body.content.items.length !== 25) throw new Error('wrong list answer');
  });
  const read = await timeCalls(`/wbe/api/resources/${RESOURCE}/${records[RECORDS - 1].id}`, token, (body) => {
    if (body.content.id !== records[RECORDS - 1].id) throw new Error('wrong record');
  });
  const inMemory: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const start = performance.now();
    const page = records
      .filter((r) => r.organizationId === ORGANIZATION && r.riskLevel === 'high')
      .sort((a, b) => b.score - a.score || a.id.localeCompare(b.id))
      .slice(0, 25);
    inMemory.push(performance.now() - start);
    if (page.length !== 25) throw new Error('wrong in-memory answer');
  }

  const ours = p95(list);
  console.log(
    `list endpoint, ${RECORDS.toLocaleString('en')} records, filter riskLevel=high (${expected.toLocaleString('en')} match) + sort -score, page of 25:`,
  );
  console.log(`  p95 ${ours.toFixed(1)} ms over HTTP (${SAMPLES} sequential calls)`);
  console.log(
    `  vs reading one record over HTTP: p95 ${p95(read).toFixed(1)} ms -> ratio ${(ours / p95(read)).toFixed(1)}`,
  );
  console.log(
    `  vs Array.filter + sort in process: p95 ${p95(inMemory).toFixed(1)} ms -> ratio ${(ours / p95(inMemory)).toFixed(1)}`,
  );
  console.log(
    `  vs target ${TARGET_MS} ms: ratio ${(ours / TARGET_MS).toFixed(2)} (target <= 1.00) ${ours < TARGET_MS ? 'OK' : 'ABOVE TARGET'}`,
  );
  process.exitCode = ours < TARGET_MS ? 0 : 1;
} finally {
  await stopProcess(app);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
