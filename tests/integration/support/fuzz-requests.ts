import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { NOTIFICATIONS_API_KEY } from '../../../core/notifications/notification.types';

/** A request as the fuzz suite sends it: raw path, raw headers, raw body bytes. */
export interface FuzzRequest {
  method: string;
  /** Path parameter name → the text placed in the URL (already escaped, or deliberately not). */
  params: Record<string, string>;
  headers: Record<string, string>;
  body?: Buffer;
}

/** Field names the endpoints read, so generated objects reach past the schema checks now and then. */
const FIELD_NAMES = [
  'email',
  'username',
  'password',
  'password_confirm',
  'authcode',
  'invitation',
  'invitation_code',
  'name',
  'company',
  'phone',
  'website',
  'saq',
  'using_conditions',
  'commercial_consent',
  'site_language',
  'report_language',
  'theme',
  'timezone',
  'date_format',
  'token',
  'code',
  'body',
  'page_url',
  'error_reason',
  'endpoint',
  'kind',
  'id',
  'version',
  'ids',
  'receiverExternalId',
  'groups',
  'payload',
  'socket_id',
  'saqType',
  'value',
  'step',
  'continueAnyway',
  'signerName',
  'signerTitle',
  'agree',
  'bankId',
  'documentId',
  'channel_name',
  'bankId',
  'validFrom',
  'requestId',
  'dueDate',
  'limit',
  'note',
  '__proto__',
  'constructor',
];

const printable = (maxLength: number) => fc.stringMatching(new RegExp(`^[ -~]{0,${maxLength}}$`));

/** Nesting that blows a recursive walker's stack: n arrays or objects deep, under one key or bare. */
function deeplyNested(depth: number, key: string | null, objects: boolean): string {
  const open = objects ? '{"a":'.repeat(depth) : '['.repeat(depth);
  const close = objects ? '}'.repeat(depth) : ']'.repeat(depth);
  const inner = `${open}${objects ? '1' : ''}${close}`;
  return key === null ? inner : `{${JSON.stringify(key)}:${inner}}`;
}

const jsonObject = fc.dictionary(
  fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string({ maxLength: 12 })),
  fc.jsonValue(),
  {
    maxKeys: 8,
  },
);

/** Body text: JSON of every shape, objects with the fields endpoints read, deep nests, junk, big. */
const bodyText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: jsonObject.map((value) => JSON.stringify(value)) },
  { weight: 2, arbitrary: fc.jsonValue().map((value) => JSON.stringify(value)) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.constantFrom(50, 500, 4_100, 12_000),
        fc.option(fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string({ maxLength: 8 }))),
        fc.boolean(),
      )
      .map(([depth, key, objects]) => deeplyNested(depth, key, objects)),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom('', '{', '{"email": ', 'null', '[]', '"x"', '1e999', '{"a":1,"a":2}', '\u0000', '%zz'),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...FIELD_NAMES), fc.integer({ min: 1_000, max: 400_000 }))
      .map(([key, size]) => JSON.stringify({ [key]: 'x'.repeat(size) })),
  },
  {
    weight: 1,
    arbitrary: fc
      .dictionary(fc.constantFrom(...FIELD_NAMES), printable(40), { maxKeys: 6 })
      .map((fields) => new URLSearchParams(fields).toString()),
  },
);

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/json; charset=bogus',
  'application/x-www-form-urlencoded',
  'application/x-www-form-urlencoded; charset=latin1',
  'text/plain',
  'application/vnd.api+json',
  'application/merge-patch+json',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  '*/*',
  ';;;',
];

const ENCODINGS = ['gzip', 'deflate', 'br', 'identity', 'gzip, gzip', 'x-bogus', 'GZIP'];

/** Path parameter text: known ids (to get past lookups), malformed escapes, odd numbers, anything. */
export function paramText(known: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: known.length > 0 ? fc.constantFrom(...known) : fc.constant('x') },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '%zz',
        '%',
        '%E0%A4%A',
        '%C0%AF',
        '%00',
        '%2e%2e',
        '..',
        '%2F',
        '1e0',
        '0x1',
        '-1',
        '0',
        '99999999999999999999',
        'NaN',
        'constructor',
        '__proto__',
      ),
    },
    { weight: 2, arbitrary: fc.string({ maxLength: 40 }).map(encodeURIComponent) },
    { weight: 1, arbitrary: fc.string({ minLength: 300, maxLength: 2_000 }).map(encodeURIComponent) },
  );
}

/** Headers: content type and encoding (true or lying), language, site and affiliate ids, If-None-Match. */
const headerSet: fc.Arbitrary<Record<string, string>> = fc
  .record(
    {
      'content-type': fc.oneof(fc.constantFrom(...CONTENT_TYPES), printable(60)),
      'content-encoding': fc.oneof(fc.constantFrom(...ENCODINGS), printable(20)),
      'accept-language': fc.oneof(fc.constantFrom('tr', 'en', 'tr-TR,tr;q=0.9', '*', 'xx'), printable(40)),
      'x-site-id': printable(60),
      'x-aff-id': printable(60),
      'x-original-token': printable(200),
      'if-none-match': printable(80),
      // the notification gateway's key (shell §7): the right one most often, so the fuzz gets past it
      'x-api-key': fc.oneof(
        { weight: 3, arbitrary: fc.constant(NOTIFICATIONS_API_KEY) },
        { weight: 1, arbitrary: printable(40) },
      ),
      authorization: fc.constantFrom('Bearer', 'Bearer x.y.z', 'Basic YTpi', 'Bearer eyJhbGciOiJub25lIn0.e30.'),
    },
    { requiredKeys: [] },
  )
  .map((headers) => {
    // a blank header value is refused by Node's client before it leaves, so leave those out
    return Object.fromEntries(Object.entries(headers).filter(([, value]) => value.trim() !== ''));
  });

/**
 * One generated request for a route: its params, headers and maybe a body. A body is gzipped for
 * real when the encoding says gzip and a coin says so, otherwise sent as is (a lie, often).
 */
export function fuzzRequest(method: string, paramNames: string[], known: readonly string[]): fc.Arbitrary<FuzzRequest> {
  const params = fc.record(Object.fromEntries(paramNames.map((name) => [name, paramText(known)])));
  return fc
    .record({
      params,
      headers: headerSet,
      body: fc.option(bodyText, { freq: 4 }),
      gzipForReal: fc.boolean(),
    })
    .map(({ params, headers, body, gzipForReal }) => {
      if (body === null) {
        const { 'content-type': _type, 'content-encoding': _encoding, ...rest } = headers;
        return { method, params, headers: rest };
      }
      const raw = Buffer.from(body, 'utf8');
      const gzip = headers['content-encoding'] === 'gzip' && gzipForReal;
      return { method, params, headers, body: gzip ? gzipSync(raw) : raw };
    });
}
