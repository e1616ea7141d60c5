import { expect } from 'vitest';
import { SAQ_A_ANSWERS } from '../../support/saq-a';
import { call, type TestServer } from './harness';

/** The SAQ service's base path and its seeded SAQ A questionnaire. */
export const SAQ_API = '/saq/api/v1';
export { SAQ_A, SAQ_A_FIELDS, SAQ_A_QUESTIONS } from '../../support/saq-a';

/** Answers every field and question of an SAQ A (questions In Place, the first Not Applicable with its Appendix C row). */
export async function answerSaqA(base: string, token: string, saqId: string): Promise<void> {
  for (const [item, value] of SAQ_A_ANSWERS) {
    const saved = await call(base, 'PUT', `${SAQ_API}/saqs/${saqId}/answers/${item}`, { token, body: { value } });
    expect(saved.status, `${item}: ${JSON.stringify(saved.body)}`).toBe(200);
  }
}

/** A test server: where to ask, and how to wait for its background work (the signing job). */
type SaqServer = Pick<TestServer, 'base' | 'settled'>;

/** The SAQ once the server's background work is done (the signing job); fails unless its status is `status`. */
export async function waitForStatus(server: SaqServer, token: string, saqId: string, status: string) {
  await server.settled();
  const saq = await call(server.base, 'GET', `${SAQ_API}/saqs/${saqId}`, { token });
  expect(saq.body.content?.status, `SAQ ${saqId}: ${JSON.stringify(saq.body)}`).toBe(status);
  return saq.body.content;
}

/** Starts, answers, completes and signs an SAQ A; answers the signed view. */
export async function signedSaqA(server: SaqServer, token: string) {
  const { base } = server;
  const started = await call(base, 'POST', `${SAQ_API}/saqs`, { token, body: { saqType: 'A' } });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const saqId = started.body.content.id as string;
  await answerSaqA(base, token, saqId);
  const completed = await call(base, 'POST', `${SAQ_API}/saqs/${saqId}/complete`, { token, body: {} });
  expect(completed.status, JSON.stringify(completed.body)).toBe(200);
  const signer = { signerName: 'Ada Merchant', signerTitle: 'Owner', agree: true };
  const pending = await call(base, 'POST', `${SAQ_API}/saqs/${saqId}/sign`, { token, body: signer });
  expect(pending.status, JSON.stringify(pending.body)).toBe(202);
  return waitForStatus(server, token, saqId, 'signed');
}

/** A file download: status, headers and the bytes. */
export async function download(base: string, path: string, token: string) {
  const response = await fetch(base + path, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

export { pdfText } from '../../support/pdf-text';
