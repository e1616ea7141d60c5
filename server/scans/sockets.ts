/** Sockets for the checks: every open goes through the limiter and closes on the check's abort. */
import net from 'node:net';
import tls from 'node:tls';
import type { CheckName, CheckResult } from '../../core/scans/scan.types';
import type { CheckOptions, ScanTarget } from './scan.types';

export function addressOf(target: ScanTarget): string {
  return target.address ?? target.host;
}

function guard<S extends net.Socket>(socket: S, release: () => void, signal: AbortSignal): S {
  const onAbort = () => socket.destroy(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
  signal.addEventListener('abort', onAbort, { once: true });
  socket.once('close', () => {
    signal.removeEventListener('abort', onAbort);
    release();
  });
  return socket;
}

/** A connected TCP socket to `port` of the target, or the connect error (ECONNREFUSED …). */
export async function openTcp(target: ScanTarget, port: number, options: CheckOptions): Promise<net.Socket> {
  const release = await options.limiter.acquire(options.signal);
  return new Promise((resolve, reject) => {
    const socket = guard(net.connect({ host: addressOf(target), port }), release, options.signal);
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.off('error', reject);
      resolve(socket);
    });
  });
}

/**
 * A service probe's connection, or — when nothing listens — the check's `pass` (a service not offered
 * exposes nothing), with `data.<flag>: false` and the connect error. An abort still throws.
 */
export async function openServiceOrPass(
  target: ScanTarget,
  port: number,
  options: CheckOptions,
  check: CheckName,
  flag: string,
): Promise<{ socket: net.Socket } | { result: CheckResult }> {
  try {
    return { socket: await openTcp(target, port, options) };
  } catch (error) {
    options.signal.throwIfAborted();
    const data = { [flag]: false, port, error: (error as NodeJS.ErrnoException).code };
    return { result: { check, status: 'pass', findings: [], data } };
  }
}

/** A TLS connection that never refuses a certificate: the certificate check judges it afterwards. */
export async function openTls(
  target: ScanTarget,
  port: number,
  options: CheckOptions,
  extra: tls.ConnectionOptions = {},
): Promise<tls.TLSSocket> {
  const release = await options.limiter.acquire(options.signal);
  return new Promise((resolve, reject) => {
    const socket = guard(
      tls.connect({
        host: addressOf(target),
        port,
        servername: net.isIP(target.host) ? undefined : target.host,
        rejectUnauthorized: false,
        ca: options.ca ? [...tls.rootCertificates, ...options.ca] : undefined,
        ...extra,
      }),
      release,
      options.signal,
    );
    socket.once('error', reject);
    socket.once('secureConnect', () => {
      socket.off('error', reject);
      resolve(socket);
    });
  });
}

/**
 * Reads from the socket until `enough` says the bytes so far suffice, the peer closes, the check is
 * aborted, or `waitMs` (when given) passes; resolves with what arrived (possibly nothing).
 */
export function readUntil(socket: net.Socket, enough: (received: Buffer) => boolean, waitMs?: number): Promise<Buffer> {
  return new Promise((resolve) => {
    let received = Buffer.alloc(0);
    const timer = waitMs === undefined ? undefined : setTimeout(() => finish(), waitMs);
    const finish = () => {
      clearTimeout(timer);
      socket.off('data', onData);
      socket.off('close', finish);
      socket.off('end', finish);
      socket.off('error', finish);
      resolve(received);
    };
    const onData = (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (enough(received)) finish();
    };
    socket.on('data', onData);
    socket.once('close', finish);
    socket.once('end', finish);
    socket.once('error', finish);
  });
}

/** Reads one CRLF-terminated reply line (or an SMTP multi-line reply up to its last line). */
export function readReply(socket: net.Socket): Promise<string> {
  return readUntil(socket, (received) => {
    const lines = received.toString('latin1').split('\r\n');
    // an SMTP reply ends at a line whose code is followed by a space, not a dash
    return lines.length > 1 && lines.slice(0, -1).some((line) => !/^\d{3}-/.test(line));
  }).then((bytes) => bytes.toString('latin1').trim());
}

/** Whether a TCP port accepts a connection (a refusal or a reset is a clean "closed"). */
export async function portOpen(target: ScanTarget, port: number, options: CheckOptions): Promise<boolean> {
  try {
    const socket = await openTcp(target, port, options);
    socket.destroy();
    return true;
  } catch (error) {
    options.signal.throwIfAborted();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH')
      return false;
    throw error;
  }
}
