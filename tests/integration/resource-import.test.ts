import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type TestServer, startTestServer, tokenFor } from './support/harness';

const THIRD_PARTIES = '/wbe/api/resources/third-party';
const HEADER_EN = 'Name,URL,Package,Owner contact person,Owner contact info (e-mail)';

/** One valid third-party row of the five required columns. */
const row = (n: number, overrides: Partial<Record<'name' | 'url' | 'package' | 'person' | 'email', string>> = {}) =>
  [
    overrides.name ?? `Vendor ${n}`,
    overrides.url ?? `https://vendor-${n}.example.com`,
    overrides.package ?? 'corporate',
    overrides.person ?? `Person ${n}`,
    overrides.email ?? `owner${n}@vendor-${n}.example.com`,
  ].join(',');

const csv = (header: string, rows: string[]) => `${[header, ...rows].join('\r\n')}\r\n`;

describe('CSV import of a resource, POST /wbe/api/resources/:resource/import', () => {
  let server: TestServer;
  const tokens: Record<string, string> = {};

  async function upload(
    resource: string,
    token: string | null,
    text: string | Uint8Array,
    { name = 'third-parties.csv', type = 'text/csv', language = 'en' } = {},
  ) {
    const form = new FormData();
    const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text;
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
    const response = await fetch(`${server.base}/wbe/api/resources/${resource}/import`, {
      method: 'POST',
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'accept-language': language },
      body: form,
    });
    return { status: response.status, body: await response.json() };
  }

  const total = async (token = tokens.owner) =>
    (await call(server.base, 'GET', `${THIRD_PARTIES}?pageSize=1`, { token })).body.content.total as number;

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
    for (const who of ['admin', 'owner', 'assessor', 'tm'])
      tokens[who] = await tokenFor(server.base, `${who}@demo.test`);
  });
  afterAll(() => server.close());

  it('offers the header line as the list shows it, in the reader’s language', async () => {
    const english = await fetch(`${server.base}${THIRD_PARTIES}/import/template`, {
      headers: { authorization: `Bearer ${tokens.owner}`, 'accept-language': 'en' },
    });
    expect(english.status).toBe(200);
    expect(english.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(english.headers.get('content-disposition')).toContain('third-party-import.csv');
    const text = await english.text();
    expect(text.replace(/^\uFEFF/, '')).toBe(
      `${HEADER_EN},Owner phone,Customer department,Third-party contact,Business relation,License start,License end,Scan period\r\n`,
    );
    const turkish = await fetch(`${server.base}${THIRD_PARTIES}/import/template`, {
      headers: { authorization: `Bearer ${tokens.owner}`, 'accept-language': 'tr' },
    });
    expect(
      (await turkish.text())
        .replace(/^\uFEFF/, '')
        .split(',')
        .slice(0, 3),
    ).toEqual(['Ad', 'URL', 'Paket']);
  });

  it('imports 50 valid rows as 50 records of the caller’s organisation', async () => {
    const rows = Array.from({ length: 50 }, (_, index) => row(index + 1));
    const answer = await upload('third-party', tokens.owner, csv(HEADER_EN, rows));
    expect(answer).toEqual({ status: 200, body: { content: { imported: 50 } } });
    expect(await total()).toBe(50);
    const first = await call(
      server.base,
      'GET',
      `${THIRD_PARTIES}?filter=${encodeURIComponent(JSON.stringify({ field: 'name', op: 'eq', value: 'Vendor 7' }))}`,
      { token: tokens.owner },
    );
    expect(first.body.content.items).toEqual([
      expect.objectContaining({
        name: 'Vendor 7',
        url: 'https://vendor-7.example.com',
        package: 'corporate',
        contactPerson: 'Person 7',
        contactEmail: 'owner7@vendor-7.example.com',
        organizationId: 'org-demo-vendor',
        definition: { id: 'third-party', version: 1 },
      }),
    ]);
    // another organisation sees none of them
    expect(await total(tokens.admin)).toBe(0);
  });

  it('refuses a file with one bad row among 50, naming its line and column, and stores nothing', async () => {
    const before = await total();
    const rows = Array.from({ length: 50 }, (_, index) =>
      index === 25 ? row(1000 + index, { url: '' }) : row(1000 + index),
    );
    const answer = await upload('third-party', tokens.owner, csv(HEADER_EN, rows));
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({
      code: 'importFailed',
      message: 'Nothing was imported: correct the rows listed and import the file again.',
      rows: [{ line: 27, column: 'URL', field: 'url', message: 'cannot be empty' }],
    });
    expect(await total()).toBe(before);

    const turkish = await upload('third-party', tokens.owner, csv(HEADER_EN, rows), { language: 'tr' });
    expect(turkish.body.rows).toEqual([{ line: 27, column: 'URL', field: 'url', message: 'boş bırakılamaz' }]);

    const invalid = [row(2001, { email: 'not-an-email' }), row(2002, { url: 'ftp:/nowhere' })];
    const checked = await upload('third-party', tokens.owner, csv(HEADER_EN, invalid));
    expect(checked.body.rows).toEqual([
      { line: 2, column: 'Owner contact info (e-mail)', field: 'contactEmail', message: 'Please enter a valid email.' },
      { line: 3, column: 'URL', field: 'url', message: 'Please enter a valid URL.' },
    ]);
    expect(await total()).toBe(before);
  });

  it('refuses a name twice in the file or one that exists already (any case)', async () => {
    const before = await total();
    const inFile = await upload(
      'third-party',
      tokens.owner,
      csv(HEADER_EN, [row(3001), row(3002), row(3003, { name: 'VENDOR 3001' })]),
    );
    expect(inFile.status).toBe(422);
    expect(inFile.body.rows).toEqual([
      { line: 4, column: 'Name', field: 'name', message: 'This value already appears on an earlier line of the file.' },
    ]);
    const existing = await upload(
      'third-party',
      tokens.owner,
      csv(HEADER_EN, [row(3004), row(3005, { name: 'vendor 12' })]),
    );
    expect(existing.status).toBe(422);
    expect(existing.body.rows).toEqual([
      { line: 3, column: 'Name', field: 'name', message: 'A record with this value already exists.' },
    ]);
    expect(await total()).toBe(before);
  });

  it('refuses a header without a required column, or with a column the list does not have', async () => {
    const header = 'Name,URL,Owner contact person,Owner contact info (e-mail),Colour';
    const answer = await upload(
      'third-party',
      tokens.owner,
      csv(header, ['A,https://a.example.com,Ann,ann@a.example.com,red']),
    );
    expect(answer.status).toBe(422);
    expect(answer.body.rows).toEqual([
      {
        line: 1,
        column: 'Colour',
        message: 'There is no such column; name the columns as the list shows them.',
      },
      { line: 1, column: 'Package', field: 'package', message: 'This column is missing from the header row.' },
    ]);
  });

  it('reads Turkish titles, property names, semicolons, quoted cells and a BOM', async () => {
    const before = await total();
    const text =
      '\uFEFFAd;url;Paket;Sorumlu kişi;Sorumlu iletişim bilgisi (e-posta);Tarama sıklığı\r\n' +
      '"Tedarikçi; A.Ş.";https://tedarikci.example.com.tr;kurumsal;Ayşe Yılmaz;ayse@tedarikci.example.com.tr;Month\r\n' +
      '\r\n' +
      '"Çok\nsatırlı";https://cok.example.com;temel;Ali Veli;ali@cok.example.com;\r\n';
    const answer = await upload('third-party', tokens.owner, text, { language: 'tr' });
    expect(answer).toEqual({ status: 200, body: { content: { imported: 2 } } });
    expect(await total()).toBe(before + 2);
    const found = await call(
      server.base,
      'GET',
      `${THIRD_PARTIES}?filter=${encodeURIComponent(
        JSON.stringify({ field: 'name', op: 'eq', value: 'Tedarikçi; A.Ş.' }),
      )}`,
      { token: tokens.owner },
    );
    expect(found.body.content.items[0]).toMatchObject({ package: 'kurumsal', scanPeriod: 'month' });

    // a line after a cell spanning two lines is counted as the file counts it
    // and so is a line of empty cells the import skips
    const late =
      '"Multi\r\nline",https://m.example.com,basic,M,m@m.example.com\r\n,,,,\r\n\r\nX,,basic,X,x@x.example.com';
    const refused = await upload('third-party', tokens.owner, `${HEADER_EN}\r\n${late}`);
    expect(refused.body.rows).toEqual([{ line: 6, column: 'URL', field: 'url', message: 'cannot be empty' }]);
  });

  it('refuses callers without the create guard, unknown resources and signed-out callers', async () => {
    const file = csv(HEADER_EN, [row(4001)]);
    expect((await upload('third-party', tokens.assessor, file)).status).toBe(403);
    expect((await upload('third-party', tokens.tm, file)).body).toMatchObject({ code: 'noPermission' });
    expect((await upload('third-party', null, file)).status).toBe(401);
    expect((await upload('no-such-resource', tokens.owner, file)).body).toMatchObject({ code: 'notFound' });
    expect((await upload('no-such-resource', tokens.owner, file)).status).toBe(404);
    const template = await call(server.base, 'GET', `${THIRD_PARTIES}/import/template`, { token: tokens.assessor });
    expect(template.status).toBe(403);
    expect(
      (await call(server.base, 'GET', '/wbe/api/resources/nothing/import/template', { token: tokens.owner })).status,
    ).toBe(404);
  });

  it('refuses what is not a CSV file, an empty one, too many lines and too many bytes', async () => {
    const before = await total();
    const pdf = await upload('third-party', tokens.owner, new TextEncoder().encode('%PDF-1.7\n\0\0binary'), {
      name: 'report.pdf',
      type: 'application/pdf',
    });
    expect(pdf).toMatchObject({ status: 400, body: { code: 'invalidCsv' } });
    const binary = await upload('third-party', tokens.owner, new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0xff]), {
      name: 'sheet.csv',
    });
    expect(binary.body.code).toBe('invalidCsv');
    const latin = await upload('third-party', tokens.owner, new Uint8Array([0x41, 0x2c, 0xfe, 0x0a]));
    expect(latin.body.code).toBe('invalidCsv');
    const quotes = await upload('third-party', tokens.owner, `${HEADER_EN}\r\n"Broken,https://b.example.com,x,y,z\r\n`);
    expect(quotes.body.code).toBe('invalidCsv');
    expect((await upload('third-party', tokens.owner, `${HEADER_EN}\r\n`)).body.code).toBe('importEmpty');

    const many = Array.from({ length: 1001 }, (_, index) => row(5000 + index));
    const tooMany = await upload('third-party', tokens.owner, csv(HEADER_EN, many));
    expect(tooMany).toMatchObject({ status: 400, body: { code: 'importTooManyLines', max: 1000 } });
    const thousand = csv(HEADER_EN, many.slice(0, 1000));
    expect(thousand.length).toBeLessThan(1024 * 1024);

    const large = `${HEADER_EN}\r\n${'x'.repeat(1024 * 1024)}\r\n`;
    expect(await upload('third-party', tokens.owner, large)).toMatchObject({
      status: 413,
      body: { code: 'importFileTooLarge' },
    });
    const json = await call(server.base, 'POST', `${THIRD_PARTIES}/import`, {
      token: tokens.owner,
      body: { rows: [] },
    });
    expect(json).toMatchObject({ status: 400, body: { code: 'fileRequired' } });
    expect(await total()).toBe(before);
  });

  it('imports a file of exactly the line limit', async () => {
    const before = await total();
    const rows = Array.from({ length: 1000 }, (_, index) => row(10_000 + index));
    const answer = await upload('third-party', tokens.owner, csv(HEADER_EN, rows));
    expect(answer).toEqual({ status: 200, body: { content: { imported: 1000 } } });
    expect(await total()).toBe(before + 1000);
  });

  it('holds imported invitations to the 365-day expiry cap, row by row', async () => {
    const answer = await upload(
      'invitation',
      tokens.admin,
      csv('role,position,expiresAt', ['user,other,2999-01-01T00:00:00.000Z']),
    );
    expect(answer.status).toBe(422);
    expect(JSON.stringify(answer.body)).toContain('An invitation may be valid for at most 365 days.');
  });

  it('writes the creation history of every imported record of a resource with a workflow', async () => {
    const header = 'role,position,expiresAt,email';
    // within the invitations' 365-day cap, which an import is held to as well
    const expiresAt = new Date(server.clock.now().getTime() + 100 * 24 * 60 * 60 * 1000).toISOString();
    const text = csv(header, [`bank,manager,${expiresAt},first@bank.example.com`, `user,technical,${expiresAt},`]);
    const answer = await upload('invitation', tokens.admin, text);
    expect(answer).toEqual({ status: 200, body: { content: { imported: 2 } } });
    const listed = await call(server.base, 'GET', '/wbe/api/resources/invitation?pageSize=100', {
      token: tokens.admin,
    });
    const imported = listed.body.content.items.filter((item: { expiresAt: string }) => item.expiresAt === expiresAt);
    expect(imported).toHaveLength(2);
    for (const record of imported) {
      expect(record.state).toBe('valid');
      const history = await call(server.base, 'GET', `/wbe/api/resources/invitation/${record.id}/history`, {
        token: tokens.admin,
      });
      expect(history.body.content).toEqual([expect.objectContaining({ from: null, to: 'valid', action: 'create' })]);
    }
  });
});
