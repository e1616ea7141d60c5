/**
 * The fixture set the scan checks are aimed at, started per test file on loopback (port 0): a
 * well-configured shop and a badly configured one (web, TLS, SMTP, SSH, a database port, DNS),
 * TLS servers for each certificate fault, and a server that accepts and never answers.
 */
import dgram from 'node:dgram';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import type { ScanTarget } from '../../../../server/scans/scan.types';
import { type DnsFixture, startDns } from './dns-server';
import { makePki, type Pki } from './pki';

export const GOOD_HOST = 'shop.test';
export const BAD_HOST = 'bad.test';

const openSockets = new Set<net.Socket>();

/** Keeps a server's connections, so closing the set ends them (the hanging server never would). */
function track<S extends net.Server>(server: S): S {
  server.on('connection', (socket: net.Socket) => {
    openSockets.add(socket);
    socket.once('close', () => openSockets.delete(socket));
  });
  return server;
}

async function listen(server: net.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

const GOOD_PAGE = `<!doctype html><html><head><title>Shop</title><script src="/app.js"></script></head><body>
<form method="post" action="/checkout"><input type="hidden" name="csrf_token" value="abc"><input name="card"></form>
<img src="https://${GOOD_HOST}/logo.png">
<a href="/item?id=2">Item</a> <a href="/help?topic=sql&amp;lang=en">Help</a></body></html>`;

const BAD_PAGE = `<!doctype html><html><head><title>Bad shop</title>
<script src="http://cdn.bad.test/jquery.js"></script></head><body>
<form method="get" action="/"><input name="q"></form>
<form method="post" action="/login"><input name="user"><input type="password" name="password"></form>
<img src="http://cdn.bad.test/banner.png">
<a href="/products?id=3">Products</a> <a href="https://elsewhere.test/?id=1">Partner</a>
<a href="/logout?next=%2F">Sign out</a>
<form method="get" action="/search"><input name="term"><input type="submit" value="Go"></form></body></html>`;

function goodHandler(request: http.IncomingMessage, response: http.ServerResponse) {
  const url = new URL(request.url ?? '/', 'https://shop.test');
  response.setHeader('strict-transport-security', 'max-age=31536000; includeSubDomains');
  response.setHeader('content-security-policy', "default-src 'self'; frame-ancestors 'none'");
  response.setHeader('x-content-type-options', 'nosniff');
  response.setHeader('x-frame-options', 'DENY');
  response.setHeader('referrer-policy', 'strict-origin-when-cross-origin');
  response.setHeader('server', 'nginx');
  // a WAF rule in miniature: obvious attacks are blocked
  if (/<script|'\s*OR\s*'|\.\.\//i.test(decodeURIComponent(url.search))) {
    response.writeHead(403, { 'content-type': 'text/plain' }).end('blocked');
    return;
  }
  // parameters bound, not spliced: a quote is just a character; the help page quotes a MySQL error
  // whatever it is asked, so only a comparison with the unmodified answer tells it apart
  if (url.pathname === '/item') {
    response.writeHead(200, { 'content-type': 'text/html' }).end('<p>No item matches.</p>');
    return;
  }
  if (url.pathname === '/help') {
    response
      .writeHead(200, { 'content-type': 'text/html' })
      .end('<p>"You have an error in your SQL syntax" means the query was malformed.</p>');
    return;
  }
  if (url.pathname !== '/') {
    response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
    return;
  }
  response.setHeader('set-cookie', 'session=abc; Path=/; Secure; HttpOnly; SameSite=Lax');
  // reflected input is escaped, as it should be
  const q = (url.searchParams.get('q') ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  response.writeHead(200, { 'content-type': 'text/html' }).end(GOOD_PAGE.replace('</body>', `<p>${q}</p></body>`));
}

function badHandler(request: http.IncomingMessage, response: http.ServerResponse) {
  const url = new URL(request.url ?? '/', 'https://bad.test');
  response.setHeader('server', 'nginx/1.18.0');
  response.setHeader('x-powered-by', 'PHP/7.2.34');
  const origin = request.headers.origin;
  if (origin) {
    response.setHeader('access-control-allow-origin', origin);
    response.setHeader('access-control-allow-credentials', 'true');
  }
  const html = (body: string, status = 200) => response.writeHead(status, { 'content-type': 'text/html' }).end(body);
  switch (url.pathname) {
    case '/':
      response.setHeader('set-cookie', 'PHPSESSID=abc; Path=/');
      return html(BAD_PAGE.replace('</body>', `<p>You searched: ${url.searchParams.get('q') ?? ''}</p></body>`));
    // the values are spliced into SQL: a quote breaks the query and the driver's error is printed
    case '/products':
      if (url.searchParams.get('id')?.includes("'"))
        return html(
          `<b>Warning</b>: mysqli_query(): You have an error in your SQL syntax; check the manual that corresponds to your MySQL server version for the right syntax to use near '${url.searchParams.get('id')}' at line 1`,
          500,
        );
      return html('<ul><li>Card reader</li></ul>');
    case '/search':
      if (url.searchParams.get('term')?.includes("'"))
        return html(
          `<pre>PG::SyntaxError: ERROR:  unterminated quoted string at or near "'${url.searchParams.get('term')}"\nLINE 1: SELECT * FROM products WHERE name = '...</pre>`,
          500,
        );
      return html('<p>No results</p>');
    case '/uploads/':
      return html(
        '<html><head><title>Index of /uploads</title></head><body><h1>Index of /uploads</h1><a href="cards.csv">cards.csv</a></body></html>',
      );
    case '/.git/HEAD':
      return response.writeHead(200, { 'content-type': 'text/plain' }).end('ref: refs/heads/main\n');
    case '/.env':
      return response.writeHead(200, { 'content-type': 'text/plain' }).end('DB_PASSWORD=hunter2\nAPP_KEY=base64:xyz\n');
    case '/phpmyadmin/':
      return html(
        '<html><head><title>phpMyAdmin</title></head><body><form><input name="pma_username"></form></body></html>',
      );
    default:
      return html('<h1>Not found</h1>', 404);
  }
}

/** An SMTP server: `relay` accepts any recipient; otherwise only its own domain's. */
async function smtp(relay: boolean, host: string) {
  const recipients: string[] = [];
  let dataCommands = 0;
  const server = new SMTPServer({
    name: `mail.${host}`,
    banner: relay ? 'Exim 4.89' : 'ready',
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      recipients.push(address.address);
      if (relay || address.address.endsWith(`@${host}`)) return callback();
      callback(Object.assign(new Error('5.7.1 Relay access denied'), { responseCode: 554 }));
    },
    onData(stream, _session, callback) {
      dataCommands += 1;
      stream.resume();
      stream.on('end', () => callback());
    },
  });
  track(server.server);
  const port = await listen(server.server);
  return {
    port,
    recipients,
    dataCommands: () => dataCommands,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

function nameList(names: string[]): Buffer {
  const text = Buffer.from(names.join(','));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(text.length);
  return Buffer.concat([length, text]);
}

/** An SSH-like server: its identification line, then a KEXINIT packet (RFC 4253 §6, §7.1), then silence. */
function sshServer(banner: string, kex: string[], ciphers: string[], macs: string[]) {
  return track(
    net.createServer((socket) => {
      socket.on('error', () => {});
      const payload = Buffer.concat([
        Buffer.from([20]),
        Buffer.alloc(16, 7),
        ...[kex, ['ssh-ed25519', 'rsa-sha2-512'], ciphers, ciphers, macs, macs, ['none'], ['none'], [], []].map(
          nameList,
        ),
        Buffer.from([0, 0, 0, 0, 0]),
      ]);
      const padding = 8 - ((payload.length + 5) % 8) + 4;
      const length = Buffer.alloc(4);
      length.writeUInt32BE(payload.length + padding + 1);
      socket.write(`${banner}\r\n`);
      socket.write(Buffer.concat([length, Buffer.from([padding]), payload, Buffer.alloc(padding)]));
    }),
  );
}

/**
 * A TLS endpoint that only speaks the hello: it accepts `versions` with `suites`, answering a
 * ClientHello with a ServerHello that picks the first suite it shares and a ServerHelloDone, or a
 * handshake_failure alert. Like an unpatched OpenSSL 1.0.1 it may answer a heartbeat request with
 * "memory" (Heartbleed) and accept a ChangeCipherSpec before any key exchange (CCS injection): it then
 * reads the next record with keys it never agreed and answers bad_record_mac. Otherwise an early CCS
 * draws unexpected_message, as from a patched server.
 */
function helloOnlyTlsServer(
  versions: Set<number>,
  suites: number[],
  flaws: { heartbleed: boolean; ccs: boolean | 'silent' },
) {
  const record = (type: number, version: number, body: Buffer) =>
    Buffer.concat([Buffer.from([type, version >> 8, version & 0xff, body.length >> 8, body.length & 0xff]), body]);
  return net.createServer((socket) => {
    socket.on('error', () => {});
    socket.once('data', (hello) => {
      const version = hello.readUInt16BE(9);
      const sessionEnd = 44 + hello[43];
      const offered = new Set<number>();
      for (let at = sessionEnd + 2; at < sessionEnd + 2 + hello.readUInt16BE(sessionEnd); at += 2)
        offered.add(hello.readUInt16BE(at));
      const suite = suites.find((candidate) => offered.has(candidate));
      if (!versions.has(version) || suite === undefined) {
        socket.end(record(0x15, 0x0301, Buffer.from([0x02, version > 0x0301 ? 70 : 40])));
        return;
      }
      const body = Buffer.concat([
        Buffer.from([version >> 8, version & 0xff]),
        Buffer.alloc(32, 1),
        Buffer.from([0, suite >> 8, suite & 0xff, 0]),
      ]);
      socket.write(record(0x16, version, Buffer.concat([Buffer.from([2, 0, 0, body.length]), body])));
      socket.write(record(0x16, version, Buffer.from([14, 0, 0, 0])));
      const alert = (description: number) => socket.end(record(0x15, version, Buffer.from([2, description])));
      let pending = Buffer.alloc(0);
      let ccsAccepted = false;
      socket.on('data', (data) => {
        pending = Buffer.concat([pending, data]);
        while (pending.length >= 5 && pending.length >= 5 + pending.readUInt16BE(3)) {
          const type = pending[0];
          pending = pending.subarray(5 + pending.readUInt16BE(3));
          // 'silent': after the early CCS it answers nothing at all, as a stalled server would
          if (ccsAccepted) return flaws.ccs === 'silent' ? undefined : alert(20);
          if (type === 0x18 && flaws.heartbleed)
            return socket.end(
              record(0x18, version, Buffer.concat([Buffer.from([2, 0x40, 0]), Buffer.alloc(64, 0x41)])),
            );
          if (type !== 0x14 || !flaws.ccs) return alert(10);
          ccsAccepted = true;
        }
      });
    });
  });
}

const DAY = 86_400_000;

/**
 * An RDAP server (RFC 9083) for the fixture domains: shop.test registered for a year more, bad.test
 * expiring in 10 days, lapsed.test expired 5 days ago; any other name is 404. It also serves a
 * bootstrap file (RFC 9224) naming itself for the "test" TLD. `asked` lists the domains queried.
 */
function rdapServer() {
  const asked: string[] = [];
  const domain = (name: string, expiresInDays: number) => ({
    objectClassName: 'domain',
    ldhName: name.toUpperCase(),
    entities: [
      {
        objectClassName: 'entity',
        handle: '9999',
        roles: ['registrar'],
        publicIds: [{ type: 'IANA Registrar ID', identifier: '9999' }],
        vcardArray: [
          'vcard',
          [
            ['version', {}, 'text', '4.0'],
            ['fn', {}, 'text', 'Example Registrar, Inc.'],
          ],
        ],
      },
    ],
    events: [
      { eventAction: 'registration', eventDate: '2015-03-01T00:00:00Z' },
      { eventAction: 'expiration', eventDate: new Date(Date.now() + expiresInDays * DAY).toISOString() },
    ],
  });
  const domains: Record<string, number> = { [GOOD_HOST]: 400, [BAD_HOST]: 10, 'lapsed.test': -5 };
  const server = http.createServer((request, response) => {
    const json = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/rdap+json' }).end(JSON.stringify(body));
    if (request.url === '/bootstrap.json') {
      const { port } = server.address() as AddressInfo;
      return json(200, { version: '1.0', services: [[['test'], [`http://127.0.0.1:${port}/`]]] });
    }
    const name = /^\/domain\/([^/?]+)$/.exec(request.url ?? '')?.[1]?.toLowerCase();
    if (name) asked.push(name);
    const days = name ? domains[name] : undefined;
    if (days === undefined) return json(404, { errorCode: 404, title: 'Not Found' });
    return json(200, domain(name as string, days));
  });
  return Object.assign(server, { asked });
}

/** An RDP listener answering the X.224 Connection Request with a Connection Confirm selecting `protocol`. */
function rdpServer(protocol: number) {
  return net.createServer((socket) => {
    socket.on('error', () => {});
    socket.once('data', () => {
      const confirm = Buffer.from([
        0x03,
        0x00,
        0x00,
        0x13,
        0x0e,
        0xd0,
        0,
        0,
        0x12,
        0x34,
        0,
        0x02,
        0,
        0x08,
        0,
        protocol,
        0,
        0,
        0,
      ]);
      socket.end(confirm);
    });
  });
}

/** A BMC answering Get Channel Authentication Capabilities: IPMI 2.0, with null and anonymous logins enabled. */
async function ipmiServer() {
  const socket = dgram.createSocket('udp4');
  socket.on('message', (_message, remote) => {
    const reply = Buffer.from([
      0x06, 0x00, 0xff, 0x07, 0x00, 0, 0, 0, 0, 0, 0, 0, 0, 0x10, 0x81, 0x1c, 0x63, 0x20, 0x00, 0x38, 0x00, 0x01, 0x97,
      0x03, 0x03, 0, 0, 0, 0, 0x09,
    ]);
    socket.send(reply, remote.port, remote.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return socket;
}

/** A UDP port that was just free: a datagram to it is answered with ICMP port unreachable. */
async function closedUdpPort(): Promise<number> {
  const socket = dgram.createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return port;
}

export interface Fixtures {
  /** SSLv3/TLS 1.0 with 3DES and RC4 only (hello level). */
  legacy: ScanTarget;
  /** TLS 1.2 with a forward-secret suite (hello level) that accepts an early ChangeCipherSpec. */
  ccsVulnerable: ScanTarget;
  /** Like ccsVulnerable, but silent after the early CCS: nothing to judge by. */
  ccsSilent: ScanTarget;
  pki: Pki;
  good: ScanTarget;
  bad: ScanTarget;
  /** HTTPS servers, one per certificate fault, each served for GOOD_HOST. */
  certificates: Record<'expired' | 'notYetValid' | 'wrongName' | 'expiringSoon' | 'weakKey' | 'selfSigned', ScanTarget>;
  /** Accepts connections and never answers. */
  hanging: ScanTarget;
  smtpGood: Awaited<ReturnType<typeof smtp>>;
  smtpBad: Awaited<ReturnType<typeof smtp>>;
  dns: DnsFixture;
  /** The RDAP server: its base URL, its bootstrap file, the domains it was asked about. */
  rdap: { url: string; bootstrap: string; asked: string[] };
  /** A TCP port that refuses connections. */
  closedPort: number;
  close(): Promise<void>;
}

export async function startFixtures(): Promise<Fixtures> {
  const dir = mkdtempSync(join(tmpdir(), 'paysec-scan-pki-'));
  const pki = makePki(dir, GOOD_HOST);
  const servers: net.Server[] = [];
  const start = async (server: net.Server) => {
    servers.push(track(server));
    return listen(server);
  };

  // the good shop: TLS 1.2+ with a trusted certificate, plain HTTP redirects to HTTPS
  const goodHttps = await start(https.createServer({ ...pki.good }, goodHandler));
  const goodHttp = await start(
    http.createServer((request, response) => {
      response.writeHead(301, { location: `https://${GOOD_HOST}:${goodHttps}${request.url}` }).end();
    }),
  );
  // the bad shop: self-signed, TLS 1.0 accepted, plain HTTP served as is
  const badTls = { ...pki.selfSigned, minVersion: 'TLSv1' as const, ciphers: 'DEFAULT@SECLEVEL=0' };
  const badHttps = await start(https.createServer(badTls, badHandler));
  const badHttp = await start(http.createServer(badHandler));

  const certificateTarget = async (pair: { key: string; cert: string }, extra: https.ServerOptions = {}) => ({
    host: GOOD_HOST,
    address: '127.0.0.1',
    ports: { http: null, https: await start(https.createServer({ ...pair, ...extra }, goodHandler)), services: {} },
  });

  const database = await start(net.createServer((socket) => socket.end()));
  // a port that was just free: connecting to it is refused
  const closer = net.createServer();
  const closedPort = await listen(closer);
  await new Promise<void>((resolve) => closer.close(() => resolve()));

  const sshGood = await start(
    sshServer(
      'SSH-2.0-OpenSSH_9.9',
      ['curve25519-sha256', 'sntrup761x25519-sha512@openssh.com'],
      ['chacha20-poly1305@openssh.com', 'aes256-gcm@openssh.com'],
      ['hmac-sha2-256-etm@openssh.com'],
    ),
  );
  const sshBad = await start(
    sshServer(
      'SSH-2.0-OpenSSH_7.4',
      ['diffie-hellman-group1-sha1', 'diffie-hellman-group14-sha1'],
      ['aes128-cbc', '3des-cbc', 'aes128-ctr'],
      ['hmac-sha1', 'hmac-md5'],
    ),
  );
  const smtpGood = await smtp(false, GOOD_HOST);
  const smtpBad = await smtp(true, BAD_HOST);

  const dns = await startDns({
    [GOOD_HOST]: [
      { type: 'A', address: '127.0.0.1' },
      { type: 'NS', name: `ns1.${GOOD_HOST}` },
      { type: 'MX', priority: 10, name: `mail.${GOOD_HOST}` },
      { type: 'TXT', text: 'v=spf1 mx -all' },
      { type: 'CAA', tag: 'issue', value: 'letsencrypt.org' },
    ],
    [`_dmarc.${GOOD_HOST}`]: [{ type: 'TXT', text: 'v=DMARC1; p=reject; rua=mailto:dmarc@shop.test' }],
    [`ns1.${GOOD_HOST}`]: [{ type: 'A', address: '127.0.0.1' }],
    '1.0.0.127.in-addr.arpa': [{ type: 'PTR', name: GOOD_HOST }],
    '4.0.0.127.in-addr.arpa': [{ type: 'PTR', name: `ghost.${BAD_HOST}` }],
    [`www.${GOOD_HOST}`]: [{ type: 'A', address: '127.0.0.1' }],
    [`mail.${GOOD_HOST}`]: [{ type: 'A', address: '127.0.0.1' }],
    [BAD_HOST]: [
      { type: 'A', address: '127.0.0.4' },
      { type: 'NS', name: `ns1.${BAD_HOST}` },
      { type: 'TXT', text: 'google-site-verification=abc' },
    ],
    [`ns1.${BAD_HOST}`]: [{ type: 'A', address: '127.0.0.1' }],
    [`dev.${BAD_HOST}`]: [{ type: 'A', address: '127.0.0.3' }],
    [`*.${BAD_HOST}`]: [{ type: 'A', address: '127.0.0.2' }],
  });

  const hanging = await start(net.createServer(() => {}));
  const rdap = rdapServer();
  const rdapPort = await start(rdap);
  const rdapUrl = `http://127.0.0.1:${rdapPort}/`;
  // SSLv3/TLS 1.0 with 3DES or RC4 (Node's OpenSSL 3 has neither, so no real server here could)
  const legacy = await start(
    helloOnlyTlsServer(new Set([0x0300, 0x0301]), [0x000a, 0x0005, 0x002f], { heartbleed: true, ccs: true }),
  );
  // a modern TLS 1.2 configuration on an OpenSSL that accepts an early ChangeCipherSpec
  const ccsVulnerable = await start(helloOnlyTlsServer(new Set([0x0303]), [0xc02f], { heartbleed: false, ccs: true }));
  const ccsSilent = await start(helloOnlyTlsServer(new Set([0x0303]), [0xc02f], { heartbleed: false, ccs: 'silent' }));
  const rdpBad = await start(rdpServer(0));
  const ipmi = await ipmiServer();
  const ipmiClosed = await closedUdpPort();
  return {
    pki,
    good: {
      host: GOOD_HOST,
      address: '127.0.0.1',
      ports: {
        http: goodHttp,
        https: goodHttps,
        services: {
          ssh: sshGood,
          smtp: smtpGood.port,
          dns: dns.axfrRefusedPort,
          mysql: closedPort,
          rdp: closedPort,
          ipmi: ipmiClosed,
        },
      },
      resolver: `127.0.0.1:${dns.udpPort}`,
      rdap: rdapUrl,
    },
    bad: {
      host: BAD_HOST,
      address: '127.0.0.1',
      ports: {
        http: badHttp,
        https: badHttps,
        services: {
          ssh: sshBad,
          smtp: smtpBad.port,
          dns: dns.axfrOpenPort,
          mysql: database,
          rdp: rdpBad,
          ipmi: ipmi.address().port,
        },
      },
      resolver: `127.0.0.1:${dns.udpPort}`,
      rdap: rdapUrl,
    },
    certificates: {
      expired: await certificateTarget(pki.expired),
      notYetValid: await certificateTarget(pki.notYetValid),
      wrongName: await certificateTarget(pki.wrongName),
      expiringSoon: await certificateTarget(pki.expiringSoon),
      weakKey: await certificateTarget(pki.weakKey, { ciphers: 'DEFAULT@SECLEVEL=0' }),
      selfSigned: await certificateTarget(pki.selfSigned),
    },
    legacy: { host: GOOD_HOST, address: '127.0.0.1', ports: { http: null, https: legacy, services: {} } },
    ccsVulnerable: { host: GOOD_HOST, address: '127.0.0.1', ports: { http: null, https: ccsVulnerable, services: {} } },
    ccsSilent: { host: GOOD_HOST, address: '127.0.0.1', ports: { http: null, https: ccsSilent, services: {} } },
    hanging: { host: GOOD_HOST, address: '127.0.0.1', ports: { http: hanging, https: null, services: {} } },
    smtpGood,
    smtpBad,
    dns,
    rdap: { url: rdapUrl, bootstrap: `${rdapUrl}bootstrap.json`, asked: rdap.asked },
    closedPort,
    close: async () => {
      for (const socket of openSockets) socket.destroy();
      await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
      await Promise.all([
        smtpGood.close(),
        smtpBad.close(),
        dns.close(),
        new Promise<void>((r) => ipmi.close(() => r())),
      ]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A test server's scan options aimed at these fixtures (loopback allowed, their CA and RDAP). */
export function loopbackScans(fixtures: Fixtures) {
  return {
    allowLoopback: true,
    ca: [fixtures.pki.ca],
    connections: 4,
    checkTimeoutMs: 10_000,
    rdap: fixtures.rdap.url,
  };
}
