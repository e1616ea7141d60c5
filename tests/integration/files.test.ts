import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '../../core/files/sniff';
import { fileNameOf } from '../../core/http/content-disposition';
import { isOwnUpload } from '../../server/services/files.service';
import type { UserRecord } from '../../server/store/records.types';
import { type TestServer, startTestServer, tokenFor } from './support/harness';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

/**
 * File answers (docs/gateway/wbe.md 'File answers'): real multipart uploads over HTTP, the kind judged
 * by content, the size cap, a duplicate refused per owner and scope, bytes kept as a real file under
 * DATA_DIR/files, and downloads only for the owner (and admins).
 */
describe('file answers /wbe/api/files', () => {
  let server: TestServer;
  let assessee: string;
  let merchant: string;
  let admin: string;

  async function upload(token: string | null, bytes: Buffer, fields: Record<string, string> = {}, name = 'policy.pdf') {
    const form = new FormData();
    for (const [key, value] of Object.entries({ scope: 'assessment:a1:policy', ...fields })) form.append(key, value);
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/octet-stream' }), name);
    const response = await fetch(`${server.base}/wbe/api/files`, {
      method: 'POST',
      headers: token ? { authorization: `Bearer ${token}`, 'accept-language': 'en' } : {},
      body: form,
    });
    return { status: response.status, body: await response.json() };
  }
  const download = (token: string, id: string) =>
    fetch(`${server.base}/wbe/api/files/${id}`, {
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
    });

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
    assessee = await tokenFor(server.base, 'assessee@demo.test');
    merchant = await tokenFor(server.base, 'merchant@demo.test');
    admin = await tokenFor(server.base, 'admin@demo.test');
  });
  afterAll(() => server.close());

  it('stores a PDF as a real file and answers the reference an answer keeps', async () => {
    const answer = await upload(assessee, PDF, {}, 'Güvenlik politikası.pdf');
    expect(answer.status).toBe(201);
    const ref = answer.body.content;
    expect(Object.keys(ref).sort()).toEqual(['id', 'name', 'sha256', 'size', 'type']);
    expect(ref).toMatchObject({ name: 'Güvenlik politikası.pdf', size: PDF.length, type: 'application/pdf' });
    const onDisk = join(server.dataDir, 'files', ref.id);
    expect(existsSync(onDisk)).toBe(true);
    expect(readFileSync(onDisk).equals(PDF)).toBe(true);

    const got = await download(assessee, ref.id);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect(fileNameOf(got.headers.get('content-disposition') ?? '')).toBe('Güvenlik politikası.pdf');
    expect(Buffer.from(await got.arrayBuffer()).equals(PDF)).toBe(true);
    expect((await download(admin, ref.id)).status).toBe(200);
  });

  it('judges the type by content, not by the name, and narrows it with accept', async () => {
    const fake = await upload(assessee, Buffer.from('MZ\u0090\u0000binary'), { scope: 'type-check' }, 'report.pdf');
    expect(fake.status).toBe(422);
    expect(fake.body).toMatchObject({ code: 'fileTypeNotAllowed', errors: { file: 'errors.fileTypeNotAllowed' } });
    expect(fake.body.message).toMatch(/not allowed/);
    const png = await upload(assessee, PNG, { scope: 'type-check' }, 'scan.pdf');
    expect(png.status).toBe(201);
    expect(png.body.content.type).toBe('image/png');
    const pdfOnly = await upload(assessee, PNG, { scope: 'type-check-2', accept: 'pdf,docx' }, 'scan.png');
    expect(pdfOnly.status).toBe(422);
    expect(pdfOnly.body.code).toBe('fileTypeNotAllowed');
  });

  it('refuses a file over the cap with 413 and no file at all with 422', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(MAX_FILE_BYTES)]);
    const answer = await upload(assessee, big, { scope: 'cap' });
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({
      code: 'fileAnswerTooLarge',
      message: 'The file is too large: a file may be at most 10 MB.',
    });
    const form = new FormData();
    form.append('scope', 'cap');
    const none = await fetch(`${server.base}/wbe/api/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${assessee}` },
      body: form,
    });
    expect(none.status).toBe(422);
    expect((await none.json()).code).toBe('fileRequired');
  });

  it('refuses the same bytes twice for one owner and scope, but not for another scope or owner', async () => {
    const bytes = Buffer.from(`${PDF.toString()}% duplicate check\n`);
    expect((await upload(assessee, bytes, { scope: 'dup' })).status).toBe(201);
    const again = await upload(assessee, bytes, { scope: 'dup' }, 'renamed.pdf');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'fileAlreadyExists', message: 'This file already exists.' });
    expect((await upload(assessee, bytes, { scope: 'dup-other' })).status).toBe(201);
    expect((await upload(merchant, bytes, { scope: 'dup' })).status).toBe(201);
  });

  it('lets only the owner (and admins) download; others and strangers get 404 or 401', async () => {
    const mine = (await upload(assessee, Buffer.from(`${PDF.toString()}% private\n`), { scope: 'guard' })).body.content;
    const other = await download(merchant, mine.id);
    expect(other.status).toBe(404);
    expect((await other.json()).code).toBe('fileNotFound');
    expect((await fetch(`${server.base}/wbe/api/files/${mine.id}`)).status).toBe(401);
    expect((await upload(null, PDF, { scope: 'anon' })).status).toBe(401);
    expect((await download(assessee, 'not-a-uuid')).status).toBe(400);
    expect((await upload(assessee, PDF, { scope: '../etc' })).status).toBe(400);
  });

  it('tells answer services whether a reference names the caller own upload, unchanged', async () => {
    const ref = (await upload(assessee, Buffer.from(`${PDF.toString()}% answer check\n`), { scope: 'refs' })).body
      .content;
    const users = await server.store.collection<UserRecord>('users').query({
      filter: { field: 'email', op: 'in', value: ['assessee@demo.test', 'merchant@demo.test'] },
      sort: [{ field: 'email', direction: 'asc' }],
      page: 1,
      pageSize: 2,
    });
    const [assesseeId, merchantId] = users.items.map((user) => user.id);
    expect(await isOwnUpload(server.store, assesseeId, ref)).toBe(true);
    expect(await isOwnUpload(server.store, merchantId, ref)).toBe(false);
    expect(await isOwnUpload(server.store, assesseeId, { ...ref, name: 'other.pdf' })).toBe(false);
    expect(await isOwnUpload(server.store, assesseeId, { ...ref, sha256: 'b'.repeat(64) })).toBe(false);
    expect(await isOwnUpload(server.store, assesseeId, { ...ref, id: '00000000-0000-4000-8000-000000000000' })).toBe(
      false,
    );
  });
});
