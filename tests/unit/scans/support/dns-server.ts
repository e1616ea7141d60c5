/**
 * A small authoritative DNS server over UDP (dgram) for the DNS checks: A, NS, PTR, MX, TXT and CAA
 * records, wildcards ("*.zone"), NXDOMAIN for unknown names. Plus an AXFR endpoint over TCP that
 * either hands out the zone or refuses.
 */
import dgram from 'node:dgram';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export type DnsRecord =
  | { type: 'A'; address: string }
  | { type: 'NS'; name: string }
  | { type: 'PTR'; name: string }
  | { type: 'MX'; priority: number; name: string }
  | { type: 'TXT'; text: string }
  | { type: 'CAA'; tag: string; value: string };

const TYPE_CODES = { A: 1, NS: 2, PTR: 12, MX: 15, TXT: 16, CAA: 257 } as const;

function encodeName(name: string): Buffer {
  return Buffer.concat([
    ...name
      .split('.')
      .filter(Boolean)
      .map((label) => Buffer.concat([Buffer.from([label.length]), Buffer.from(label)])),
    Buffer.from([0]),
  ]);
}

function u16(value: number) {
  const buffer = Buffer.alloc(2);
  buffer.writeUInt16BE(value);
  return buffer;
}

function rdata(record: DnsRecord): Buffer {
  switch (record.type) {
    case 'A':
      return Buffer.from(record.address.split('.').map(Number));
    case 'NS':
    case 'PTR':
      return encodeName(record.name);
    case 'MX':
      return Buffer.concat([u16(record.priority), encodeName(record.name)]);
    case 'TXT':
      return Buffer.concat([Buffer.from([record.text.length]), Buffer.from(record.text)]);
    case 'CAA':
      return Buffer.concat([Buffer.from([0, record.tag.length]), Buffer.from(record.tag), Buffer.from(record.value)]);
  }
}

function answer(nameField: Buffer, record: DnsRecord): Buffer {
  const data = rdata(record);
  return Buffer.concat([
    nameField,
    u16(TYPE_CODES[record.type]),
    u16(1),
    Buffer.from([0, 0, 0, 60]),
    u16(data.length),
    data,
  ]);
}

function readQuestion(message: Buffer): { name: string; type: number; end: number } {
  const labels: string[] = [];
  let offset = 12;
  while (message[offset] !== 0) {
    labels.push(message.subarray(offset + 1, offset + 1 + message[offset]).toString());
    offset += 1 + message[offset];
  }
  return { name: labels.join('.').toLowerCase(), type: message.readUInt16BE(offset + 1), end: offset + 5 };
}

export interface DnsFixture {
  udpPort: number;
  /** TCP port that answers AXFR with the zone. */
  axfrOpenPort: number;
  /** TCP port that answers AXFR with REFUSED. */
  axfrRefusedPort: number;
  queries: string[];
  close(): Promise<void>;
}

export async function startDns(zone: Record<string, DnsRecord[]>): Promise<DnsFixture> {
  const queries: string[] = [];
  const lookup = (name: string): DnsRecord[] | undefined => {
    if (zone[name]) return zone[name];
    const parent = name.split('.').slice(1).join('.');
    return zone[`*.${parent}`];
  };
  const socket = dgram.createSocket('udp4');
  socket.on('message', (message, remote) => {
    const question = readQuestion(message);
    queries.push(`${question.name}/${question.type}`);
    const records = lookup(question.name);
    const matching = (records ?? []).filter((record) => TYPE_CODES[record.type] === question.type);
    const flags = records ? 0x8580 : 0x8583; // response, authoritative, recursion available; NXDOMAIN when unknown
    const header = Buffer.concat([message.subarray(0, 2), u16(flags), u16(1), u16(matching.length), u16(0), u16(0)]);
    const reply = Buffer.concat([
      header,
      message.subarray(12, question.end),
      ...matching.map((record) => answer(Buffer.from([0xc0, 0x0c]), record)),
    ]);
    socket.send(reply, remote.port, remote.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));

  const tcp = (allow: boolean) =>
    net.createServer((connection) => {
      connection.once('data', (data) => {
        const message = data.subarray(2);
        const question = readQuestion(message);
        const records = Object.entries(zone)
          .filter(([name]) => name === question.name || name.endsWith(`.${question.name}`))
          .flatMap(([name, list]) => list.map((record) => answer(encodeName(name.replace('*', 'wildcard')), record)));
        const header = Buffer.concat([
          message.subarray(0, 2),
          u16(allow ? 0x8400 : 0x8405),
          u16(1),
          u16(allow ? records.length : 0),
          u16(0),
          u16(0),
        ]);
        const reply = Buffer.concat([header, message.subarray(12, question.end), ...(allow ? records : [])]);
        connection.end(Buffer.concat([u16(reply.length), reply]));
      });
    });
  const open = tcp(true);
  const refused = tcp(false);
  await Promise.all(
    [open, refused].map((server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))),
  );
  return {
    udpPort: (socket.address() as AddressInfo).port,
    axfrOpenPort: (open.address() as AddressInfo).port,
    axfrRefusedPort: (refused.address() as AddressInfo).port,
    queries,
    close: async () => {
      await new Promise<void>((resolve) => socket.close(() => resolve()));
      await Promise.all([open, refused].map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    },
  };
}
