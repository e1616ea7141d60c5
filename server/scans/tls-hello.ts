/**
 * Hand-built ClientHello probes. Node's OpenSSL 3 will not offer SSLv3, and offers TLS 1.0/1.1
 * and weak ciphers only at security level 0, so old protocols and cipher classes are probed
 * with our own bytes (RFC 5246 §7.4.1.2) and judged from the first record the server sends back:
 * a ServerHello (its version and chosen cipher) or an alert.
 */
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import type { CheckOptions, ScanTarget } from './scan.types';
import { openTcp, readUntil } from './sockets';

export const VERSIONS = { SSLv3: 0x0300, TLSv1: 0x0301, 'TLSv1.1': 0x0302, 'TLSv1.2': 0x0303 } as const;
export type LegacyProtocol = keyof typeof VERSIONS;

/** Cipher suites by class (IANA code points). */
export const SUITES = {
  forwardSecret: [0xc02f, 0xc030, 0xc02b, 0xc02c, 0xc013, 0xc014, 0xc009, 0xc00a, 0x009e, 0x009f, 0x0033, 0x0039],
  rsaKeyExchange: [0x009c, 0x009d, 0x002f, 0x0035, 0x003c, 0x003d],
  tripleDes: [0xc012, 0x0016, 0x000a],
  rc4: [0xc011, 0x0005, 0x0004],
  nullOrExport: [0x0001, 0x0002, 0x003b, 0x0003, 0x0006, 0x0008, 0x0014],
  anonymous: [0x0034, 0x003a, 0x006c, 0xc018],
} as const;

export const ALL_SUITES = [...SUITES.forwardSecret, ...SUITES.rsaKeyExchange, ...SUITES.tripleDes, ...SUITES.rc4];

function u16(value: number): Buffer {
  const buffer = Buffer.alloc(2);
  buffer.writeUInt16BE(value);
  return buffer;
}

function vector16(body: Buffer): Buffer {
  return Buffer.concat([u16(body.length), body]);
}

function extension(type: number, body: Buffer): Buffer {
  return Buffer.concat([u16(type), vector16(body)]);
}

/** The heartbeat extension (RFC 6520), peer allowed to send: what a Heartbleed probe offers. */
export const HEARTBEAT_EXTENSION = extension(0x000f, Buffer.from([1]));

export function clientHello(
  version: number,
  suites: readonly number[],
  serverName?: string,
  more: Buffer[] = [],
): Buffer {
  const extensions: Buffer[] = [...more];
  if (serverName && !net.isIP(serverName)) {
    const name = Buffer.from(serverName, 'ascii');
    extensions.push(extension(0x0000, vector16(Buffer.concat([Buffer.from([0]), vector16(name)]))));
  }
  extensions.push(extension(0x000a, vector16(Buffer.concat([0x001d, 0x0017, 0x0018].map(u16))))); // groups
  extensions.push(extension(0x000b, Buffer.from([1, 0]))); // uncompressed points
  const sigalgs = [0x0804, 0x0805, 0x0806, 0x0401, 0x0501, 0x0601, 0x0403, 0x0503, 0x0603, 0x0201, 0x0203];
  extensions.push(extension(0x000d, vector16(Buffer.concat(sigalgs.map(u16)))));
  extensions.push(extension(0xff01, Buffer.from([0]))); // secure renegotiation
  const body = Buffer.concat([
    u16(version),
    randomBytes(32),
    Buffer.from([0]), // no session id
    vector16(Buffer.concat(suites.map(u16))),
    Buffer.from([1, 0]), // null compression only
    ...(version > VERSIONS.SSLv3 ? [vector16(Buffer.concat(extensions))] : []),
  ]);
  const handshake = Buffer.concat([
    Buffer.from([1, (body.length >> 16) & 0xff, (body.length >> 8) & 0xff, body.length & 0xff]),
    body,
  ]);
  // the record layer says at most TLS 1.0, as browsers did, so old servers read the hello
  return Buffer.concat([Buffer.from([0x16]), u16(Math.min(version, VERSIONS.TLSv1)), vector16(handshake)]);
}

export type HelloAnswer = { accepted: true; version: number; cipher: number } | { accepted: false; alert?: number };

export function parseServerHello(bytes: Buffer): HelloAnswer {
  if (bytes.length >= 7 && bytes[0] === 0x15) return { accepted: false, alert: bytes[6] };
  if (bytes.length < 44 || bytes[0] !== 0x16 || bytes[5] !== 0x02) return { accepted: false };
  const version = bytes.readUInt16BE(9);
  const sessionIdLength = bytes[43];
  if (bytes.length < 46 + sessionIdLength) return { accepted: false };
  return { accepted: true, version, cipher: bytes.readUInt16BE(44 + sessionIdLength) };
}

/** Offers `suites` at `version`; accepted only when the server answers with that very version. */
export async function probe(
  target: ScanTarget,
  port: number,
  version: number,
  suites: readonly number[],
  options: CheckOptions,
): Promise<HelloAnswer> {
  let socket: net.Socket;
  try {
    socket = await openTcp(target, port, options);
  } catch (error) {
    options.signal.throwIfAborted();
    throw error;
  }
  try {
    socket.write(clientHello(version, suites, target.host));
    const answer = parseServerHello(
      await readUntil(socket, (bytes) => bytes.length >= 5 && bytes.length >= 5 + bytes.readUInt16BE(3)),
    );
    if (answer.accepted && answer.version !== version) return { accepted: false };
    return answer;
  } finally {
    socket.destroy();
  }
}

/** Whether the records so far hold a ServerHelloDone, an alert, or neither yet. */
export function handshakeState(bytes: Buffer): 'done' | 'alert' | 'pending' {
  let handshake = Buffer.alloc(0);
  for (let offset = 0; offset + 5 <= bytes.length; ) {
    const length = bytes.readUInt16BE(offset + 3);
    if (offset + 5 + length > bytes.length) break;
    if (bytes[offset] === 0x15) return 'alert';
    if (bytes[offset] === 0x16) handshake = Buffer.concat([handshake, bytes.subarray(offset + 5, offset + 5 + length)]);
    offset += 5 + length;
  }
  for (let at = 0; at + 4 <= handshake.length; at += 4 + handshake.readUIntBE(at + 1, 3)) {
    if (handshake[at] === 14) return 'done';
  }
  return 'pending';
}

/**
 * Heartbleed (CVE-2014-0160): after the server's hello, a heartbeat request that claims 16 KiB of
 * payload and carries none. A patched or heartbeat-less server answers with an alert or closes; a
 * vulnerable one sends a heartbeat response (its memory). null: no handshake at that version.
 */
export async function heartbleedProbe(
  target: ScanTarget,
  port: number,
  version: number,
  options: CheckOptions,
): Promise<boolean | null> {
  const socket = await openTcp(target, port, options);
  try {
    socket.write(clientHello(version, ALL_SUITES, target.host, [HEARTBEAT_EXTENSION]));
    const hello = await readUntil(socket, (bytes) => handshakeState(bytes) !== 'pending');
    if (handshakeState(hello) !== 'done') return null;
    socket.write(Buffer.from([0x18, version >> 8, version & 0xff, 0x00, 0x03, 0x01, 0x40, 0x00]));
    const reply = await readUntil(socket, (bytes) => bytes.length >= 5);
    return reply.length >= 5 && reply[0] === 0x18;
  } finally {
    socket.destroy();
  }
}

const ALERT = { unexpectedMessage: 10, badRecordMac: 20, decryptionFailed: 21 } as const;

/** What a CCS-injection probe saw: the verdict and the server's answer, for the evidence. */
export interface CcsAnswer {
  /** true: vulnerable; false: refused the early CCS; null: no handshake at that version, or no answer in time. */
  vulnerable: boolean | null;
  answer: 'alert' | 'closed' | 'continued' | 'silent' | 'no_handshake';
  alert?: number;
}

/**
 * CCS injection (CVE-2014-0224): after the server's hello, a ChangeCipherSpec before any key
 * exchange, then a record that would be encrypted. A patched server refuses the early CCS with an
 * unexpected_message alert (or closes). A vulnerable one accepts it, switches its read state to keys
 * made from an empty master secret, and fails to decrypt the next record: bad_record_mac or
 * decryption_failed. Only that answer counts as vulnerable; silence within `waitMs` says nothing.
 */
export async function ccsInjectionProbe(
  target: ScanTarget,
  port: number,
  version: number,
  options: CheckOptions,
  waitMs: number,
): Promise<CcsAnswer> {
  const socket = await openTcp(target, port, options);
  try {
    socket.write(clientHello(version, ALL_SUITES, target.host));
    const hello = await readUntil(socket, (bytes) => handshakeState(bytes) !== 'pending');
    if (handshakeState(hello) !== 'done') return { vulnerable: null, answer: 'no_handshake' };
    const record = (type: number, body: Buffer) => Buffer.concat([Buffer.from([type]), u16(version), vector16(body)]);
    socket.write(Buffer.concat([record(0x14, Buffer.from([1])), record(0x16, randomBytes(40))]));
    const reply = await readUntil(
      socket,
      (bytes) => bytes.length >= 5 && bytes.length >= 5 + bytes.readUInt16BE(3),
      waitMs,
    );
    if (reply.length >= 7 && reply[0] === 0x15) {
      const alert = reply[6];
      const vulnerable = alert === ALERT.badRecordMac || alert === ALERT.decryptionFailed;
      return { vulnerable, answer: 'alert', alert };
    }
    if (reply.length === 0 && (socket.readableEnded || socket.destroyed))
      return { vulnerable: false, answer: 'closed' };
    // a non-alert record: the server went on with the handshake after an early CCS
    if (reply.length >= 5) return { vulnerable: true, answer: 'continued' };
    return { vulnerable: null, answer: 'silent' };
  } finally {
    socket.destroy();
  }
}
