import type { IncomingMessage } from 'node:http';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { clientAddress, type TrustProxy } from '../../../server/realtime/client-address';

/** Express's own compiled trust function for a 'trust proxy' value, as the app hands it to the socket server. */
function trustOf(setting: unknown): TrustProxy {
  const app = express();
  if (setting !== undefined) app.set('trust proxy', setting);
  return app.get('trust proxy fn') as TrustProxy;
}

const upgrade = (peer: string, forwarded?: string) =>
  ({
    socket: { remoteAddress: peer },
    headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
  }) as unknown as IncomingMessage;

describe('the client address of a socket upgrade (per-address connection cap)', () => {
  it('is the peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(clientAddress(upgrade('10.0.0.5', '1.2.3.4'), trustOf(undefined))).toBe('10.0.0.5');
  });

  it('walks X-Forwarded-For through as many trusted hops as configured, as req.ip does', () => {
    expect(clientAddress(upgrade('10.0.0.5', '1.2.3.4'), trustOf(1))).toBe('1.2.3.4');
    // a client forging an extra hop does not get past the one trusted proxy
    expect(clientAddress(upgrade('10.0.0.5', '6.6.6.6, 1.2.3.4'), trustOf(1))).toBe('1.2.3.4');
    expect(clientAddress(upgrade('10.0.0.5', '6.6.6.6, 1.2.3.4'), trustOf(2))).toBe('6.6.6.6');
    expect(clientAddress(upgrade('127.0.0.1', '1.2.3.4'), trustOf('loopback'))).toBe('1.2.3.4');
    expect(clientAddress(upgrade('10.0.0.5', '1.2.3.4'), trustOf('loopback'))).toBe('10.0.0.5');
  });

  it('is the last hop when every one is trusted, and the peer without the header', () => {
    expect(clientAddress(upgrade('10.0.0.5', '1.2.3.4'), trustOf(true))).toBe('1.2.3.4');
    expect(clientAddress(upgrade('10.0.0.5'), trustOf(1))).toBe('10.0.0.5');
  });
});
