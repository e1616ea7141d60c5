/**
 * open_relay_check: EHLO, MAIL FROM an outside address, RCPT TO another outside domain. A 2xx to
 * the RCPT means the server would relay anyone's mail (CVE-1999-0512); the probe stops there
 * with RSET and QUIT — DATA is never sent, so no mail is ever relayed.
 */
import { finding, statusOf } from '../../../core/scans/status.utils';
import { type Check, servicePort } from '../scan.types';
import { openServiceOrPass, readReply } from '../sockets';

const code = (reply: string) => Number(reply.split('\r\n').pop()?.slice(0, 3) ?? 0);

export const openRelay: Check = async (target, options) => {
  const port = servicePort(target, 'smtp');
  const opened = await openServiceOrPass(target, port, options, 'open_relay_check', 'smtp');
  if ('result' in opened) return opened.result;
  const { socket } = opened;
  try {
    const say = async (line: string) => {
      socket.write(`${line}\r\n`);
      return readReply(socket);
    };
    const banner = await readReply(socket);
    const ehlo = await say('EHLO scanner.paysec.invalid');
    const mail = await say('MAIL FROM:<relay-probe@paysec-scanner.example>');
    const rcpt = code(mail) === 250 ? await say('RCPT TO:<relay-probe@relay-test.example.org>') : '';
    await say('RSET');
    socket.write('QUIT\r\n');
    const relays = rcpt !== '' && code(rcpt) >= 200 && code(rcpt) < 300;
    const findings = relays
      ? [finding('smtp_open_relay', 'high', `RCPT TO an outside domain: ${rcpt}`, { cvss: 7.5 })]
      : [];
    return {
      check: 'open_relay_check',
      status: statusOf(findings),
      findings,
      data: { smtp: true, port, banner, ehlo: ehlo.split('\r\n')[0], mail, rcpt: rcpt || null, relays },
    };
  } finally {
    socket.destroy();
  }
};
