/**
 * tcp_timestamp: TCP timestamps (RFC 7323) leak uptime, but their option bytes live in the TCP
 * header, which Node's sockets never show; reading them takes a raw socket (root) and a packet
 * capture. The check says so instead of guessing.
 */
import type { Check } from '../scan.types';

export const tcpTimestamp: Check = async () => ({
  check: 'tcp_timestamp',
  status: 'not_measurable',
  findings: [],
  data: { reason: 'raw_socket_required' },
});
