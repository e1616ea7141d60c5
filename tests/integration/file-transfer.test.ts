import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '../../core/files/sniff';
import { fileNameOf } from '../../core/http/content-disposition';
import type { FileTransferRecord, NotificationRecord, UserRecord } from '../../server/store/records.types';
import { shareDemoMerchantWithDemoBank } from './support/compliance-share';
import { call, type TestServer, startTestServer, tokenFor } from './support/harness';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const CSV = Buffer.from('merchant,amount\nDemo Shop,12\nDemo Bookings,40\n');
const EXE = Buffer.from('MZ\u0090\u0000\u0003\u0000\u0000\u0000binary');

/**
 * Secure file transfer and the user guide (docs/gateway/wbe.md 'Secure file transfer', 'User guide')
 * over HTTP: real multipart uploads to a counterparty, the kind judged by content, the size cap, the
 * duplicate refused per counterparty, the counterparty's download and its audit, the soft delete with
 * who, an unrelated organisation refused; guides uploaded by admins with a type and read by users.
 */
describe('secure file transfer /wbe/api/file-transfers', () => {
  let server: TestServer;
  let admin: string;
  let merchant: string;
  let bank: string;
  let outsider: string;
  let noPermission: string;
  let sentId: string;

  async function send(token: string, bytes: Buffer, fields: Record<string, string>, name = 'policy.pdf') {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/octet-stream' }), name);
    const response = await fetch(`${server.base}/wbe/api/file-transfers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
      body: form,
    });
    return { status: response.status, body: await response.json() };
  }
  const get = (token: string, path: string) =>
    fetch(`${server.base}/wbe/api${path}`, { headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' } });

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
    admin = await tokenFor(server.base, 'admin@demo.test');
    // the bank and its merchant are counterparties through the merchant's compliance share
    await shareDemoMerchantWithDemoBank(server);
    // the permission is granted as an admin grants it: a user group, per organisation
    const group = await call(server.base, 'POST', '/wbe/api/resources/user-group', {
      token: admin,
      body: {
        name: 'File transfer',
        permissions: ['secureFileTransfer:view'],
        roleGroups: [],
        members: [
          { email: 'merchant@demo.test', organization: 'org-demo-merchant' },
          { email: 'bank@demo.test', organization: 'org-demo-bank' },
          { email: 'owner@demo.test', organization: 'org-demo-vendor' },
        ],
      },
    });
    expect(group.status, JSON.stringify(group.body)).toBe(201);
    merchant = await tokenFor(server.base, 'merchant@demo.test');
    bank = await tokenFor(server.base, 'bank@demo.test');
    outsider = await tokenFor(server.base, 'owner@demo.test');
    noPermission = await tokenFor(server.base, 'tm@demo.test');
  });
  afterAll(() => server.close());

  it('offers only counterparties, every organisation to an admin', async () => {
    const mine = await call(server.base, 'GET', '/wbe/api/file-transfers/counterparties', { token: merchant });
    expect(mine.body.content).toEqual([{ id: 'org-demo-bank', name: 'Demo Bank' }]);
    const theBank = await call(server.base, 'GET', '/wbe/api/file-transfers/counterparties', { token: bank });
    expect(theBank.body.content).toEqual([{ id: 'org-demo-merchant', name: 'Demo Merchant Ltd' }]);
    const none = await call(server.base, 'GET', '/wbe/api/file-transfers/counterparties', { token: outsider });
    expect(none.body.content).toEqual([]);
    const all = await call(server.base, 'GET', '/wbe/api/file-transfers/counterparties', { token: admin });
    expect(all.body.content.map((org: { id: string }) => org.id)).toContain('org-demo-vendor');
    expect((await get(noPermission, '/file-transfers/counterparties')).status).toBe(403);
  });

  it('sends a file to a counterparty, stored as a real file, and notifies the counterparty', async () => {
    const answer = await send(
      merchant,
      PDF,
      { recipientId: 'org-demo-bank', description: 'Our policy' },
      'Güvenlik.pdf',
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const transfer = answer.body.content;
    sentId = transfer.id;
    expect(transfer).toMatchObject({
      name: 'Güvenlik.pdf',
      size: PDF.length,
      type: 'application/pdf',
      description: 'Our policy',
      senderOrganizationName: 'Demo Merchant Ltd',
      senderName: 'Mert Merchant',
      recipientOrganizationName: 'Demo Bank',
      downloads: 0,
      deleted: false,
    });
    expect(transfer).not.toHaveProperty('sha256');
    const stored = await server.store.collection<FileTransferRecord>('fileTransfers').get(sentId);
    const onDisk = join(server.dataDir, 'files', String(stored?.fileId));
    expect(existsSync(onDisk) && readFileSync(onDisk).equals(PDF)).toBe(true);

    const bankUser = (await server.store.collection<UserRecord>('users').find((u) => u.email === 'bank@demo.test'))[0];
    const notices = await server.store
      .collection<NotificationRecord>('notifications')
      .find((n) => n.receiverId === bankUser.id && n.groupValues.includes('files'));
    expect(notices).toHaveLength(1);
    expect(notices[0].payload).toMatchObject({
      title: 'New file from Demo Merchant Ltd',
      url: `/app/file-transfer/${sentId}`,
    });
  });

  it('judges the type by content, caps the size and refuses a non-counterparty', async () => {
    const fake = await send(merchant, EXE, { recipientId: 'org-demo-bank' }, 'invoice.pdf');
    expect(fake.status).toBe(422);
    expect(fake.body.code).toBe('fileTypeNotAllowed');
    const big = await send(merchant, Buffer.concat([PDF, Buffer.alloc(MAX_FILE_BYTES)]), {
      recipientId: 'org-demo-bank',
    });
    expect(big.status).toBe(413);
    const stranger = await send(merchant, CSV, { recipientId: 'org-demo-vendor' }, 'list.csv');
    expect(stranger.status).toBe(422);
    expect(stranger.body).toMatchObject({
      code: 'counterpartyNotAllowed',
      errors: { recipientId: expect.any(String) },
    });
    const noRecipient = await send(merchant, CSV, {}, 'list.csv');
    expect(noRecipient.status).toBe(400);
  });

  it('refuses the same content to the same counterparty, whatever its name', async () => {
    const again = await send(merchant, PDF, { recipientId: 'org-demo-bank' }, 'renamed.pdf');
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('fileAlreadyExists');
  });

  it('lets the counterparty download it, and the audit shows who, for whom and when', async () => {
    const inbox = await call(server.base, 'GET', '/wbe/api/file-transfers/inbox', { token: bank });
    expect(inbox.body.content.items.map((t: { id: string }) => t.id)).toEqual([sentId]);
    const sent = await call(server.base, 'GET', '/wbe/api/file-transfers/sent', { token: merchant });
    expect(sent.body.content.total).toBe(1);

    const got = await get(bank, `/file-transfers/${sentId}/file`);
    expect(got.status).toBe(200);
    expect(fileNameOf(got.headers.get('content-disposition') ?? '')).toBe('Güvenlik.pdf');
    expect(Buffer.from(await got.arrayBuffer()).equals(PDF)).toBe(true);

    const audit = await call(server.base, 'GET', `/wbe/api/file-transfers/${sentId}/downloads`, { token: merchant });
    expect(audit.body.content.items).toHaveLength(1);
    expect(audit.body.content.items[0]).toMatchObject({
      fileName: 'Güvenlik.pdf',
      userName: 'Bora Bank',
      organizationName: 'Demo Bank',
      downloadedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const after = await call(server.base, 'GET', `/wbe/api/file-transfers/${sentId}`, { token: bank });
    expect(after.body.content).toMatchObject({ downloads: 1, lastDownloadedAt: expect.any(String) });
    const everything = await call(server.base, 'GET', '/wbe/api/admin/file-transfer-downloads', { token: admin });
    expect(everything.body.content.items.map((d: { transferId: string }) => d.transferId)).toContain(sentId);
  });

  it('hides a transfer from an unrelated organisation (404) and refuses a user without the permission (403)', async () => {
    for (const path of [
      `/file-transfers/${sentId}`,
      `/file-transfers/${sentId}/file`,
      `/file-transfers/${sentId}/downloads`,
    ])
      expect((await get(outsider, path)).status).toBe(404);
    const removed = await call(server.base, 'DELETE', `/wbe/api/file-transfers/${sentId}`, { token: outsider });
    expect(removed.status).toBe(404);
    const inbox = await call(server.base, 'GET', '/wbe/api/file-transfers/inbox', { token: outsider });
    expect(inbox.body.content.total).toBe(0);
    expect((await get(noPermission, `/file-transfers/${sentId}/file`)).status).toBe(403);
    expect((await get(merchant, '/admin/file-transfers')).status).toBe(403);
  });

  it('deletes softly, by the sender only, keeping who and when; the file is gone for the counterparty', async () => {
    expect((await call(server.base, 'DELETE', `/wbe/api/file-transfers/${sentId}`, { token: bank })).status).toBe(403);
    const removed = await call(server.base, 'DELETE', `/wbe/api/file-transfers/${sentId}`, { token: merchant });
    expect(removed.status).toBe(200);
    expect(removed.body.content).toMatchObject({
      deleted: true,
      deletedByName: 'Mert Merchant',
      deletedAt: expect.any(String),
    });
    expect((await get(bank, `/file-transfers/${sentId}/file`)).status).toBe(404);
    const inbox = await call(server.base, 'GET', '/wbe/api/file-transfers/inbox', { token: bank });
    expect(inbox.body.content.total).toBe(0);
    const sent = await call(server.base, 'GET', '/wbe/api/file-transfers/sent', { token: merchant });
    expect(sent.body.content.items[0]).toMatchObject({ id: sentId, deleted: true });
    const all = await call(server.base, 'GET', '/wbe/api/admin/file-transfers', { token: admin });
    expect(all.body.content.items.find((t: { id: string }) => t.id === sentId)).toMatchObject({
      deleted: true,
      deletedByName: 'Mert Merchant',
    });
    // the record stays: the audit still reads, and the same file may be sent again
    const audit = await call(server.base, 'GET', `/wbe/api/file-transfers/${sentId}/downloads`, { token: admin });
    expect(audit.body.content.total).toBe(1);
    expect((await send(merchant, PDF, { recipientId: 'org-demo-bank' })).status).toBe(201);
  });

  describe('user guide /wbe/api/user-guides', () => {
    async function upload(token: string, fields: Record<string, string>, file?: { bytes: Buffer; name: string }) {
      const form = new FormData();
      for (const [key, value] of Object.entries(fields)) form.append(key, value);
      if (file) form.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
      const response = await fetch(`${server.base}/wbe/api/admin/user-guides`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
        body: form,
      });
      return { status: response.status, body: await response.json() };
    }

    it('takes a typed guide from an admin only, by content, once', async () => {
      const manual = { bytes: PDF, name: 'manual.pdf' };
      const untyped = await upload(admin, { title: 'Manual' }, manual);
      expect(untyped.status).toBe(400);
      expect(untyped.body.errors).toHaveProperty('guideType');
      expect((await upload(merchant, { title: 'Manual', guideType: 'userManual' }, manual)).status).toBe(403);
      const fake = await upload(admin, { title: 'Manual', guideType: 'userManual' }, { bytes: EXE, name: 'm.pdf' });
      expect(fake.status).toBe(422);
      const made = await upload(admin, { title: 'Manual', guideType: 'userManual', language: 'en' }, manual);
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      expect(made.body.content).toMatchObject({
        title: 'Manual',
        guideType: 'userManual',
        hasFile: true,
        deleted: false,
      });
      expect((await upload(admin, { title: 'Again', guideType: 'faq' }, manual)).status).toBe(409);
      const nothing = await upload(admin, { title: 'Empty', guideType: 'faq' });
      expect(nothing.status).toBe(422);
      expect(nothing.body.code).toBe('fileRequired');
      const video = await upload(admin, { title: 'Tour', guideType: 'video', link: 'https://videos.example/tour' });
      expect(video.status).toBe(201);
      expect(video.body.content).toMatchObject({ hasFile: false, link: 'https://videos.example/tour' });
    });

    it('lists guides by type to every signed-in user, downloads the file, and hides a deleted one', async () => {
      const all = await call(server.base, 'GET', '/wbe/api/user-guides', { token: merchant });
      expect(all.body.content.total).toBe(2);
      const videos = await call(server.base, 'GET', '/wbe/api/user-guides/types/video', { token: merchant });
      expect(videos.body.content.items.map((g: { title: string }) => g.title)).toEqual(['Tour']);
      const manual = all.body.content.items.find((g: { title: string }) => g.title === 'Manual');
      const got = await fetch(`${server.base}/wbe/api/user-guides/${manual.id}/file`, {
        headers: { authorization: `Bearer ${merchant}` },
      });
      expect(got.status).toBe(200);
      expect(Buffer.from(await got.arrayBuffer()).equals(PDF)).toBe(true);

      expect(
        (await call(server.base, 'DELETE', `/wbe/api/admin/user-guides/${manual.id}`, { token: merchant })).status,
      ).toBe(403);
      const removed = await call(server.base, 'DELETE', `/wbe/api/admin/user-guides/${manual.id}`, { token: admin });
      expect(removed.body.content).toMatchObject({ deleted: true, deletedByName: 'Ada Admin' });
      const after = await call(server.base, 'GET', '/wbe/api/user-guides', { token: merchant });
      expect(after.body.content.total).toBe(1);
      const adminView = await call(server.base, 'GET', '/wbe/api/admin/user-guides', { token: admin });
      expect(adminView.body.content.total).toBe(2);
      const gone = await fetch(`${server.base}/wbe/api/user-guides/${manual.id}/file`, {
        headers: { authorization: `Bearer ${merchant}` },
      });
      expect(gone.status).toBe(404);
    });
  });
});
