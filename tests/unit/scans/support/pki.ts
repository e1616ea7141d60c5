/**
 * Certificates made at test time with the openssl CLI: a test CA and, signed by it, a good
 * certificate for the scanned name, an expired one, one not yet valid, one for another name, one
 * expiring in ten days and one with a 1024-bit key; plus a self-signed one.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface KeyPair {
  key: string;
  cert: string;
}

export interface Pki {
  ca: string;
  good: KeyPair;
  expired: KeyPair;
  notYetValid: KeyPair;
  wrongName: KeyPair;
  expiringSoon: KeyPair;
  weakKey: KeyPair;
  selfSigned: KeyPair;
}

const openssl = (dir: string, args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });

/** openssl ca's date format: YYYYMMDDHHMMSSZ. */
function stamp(date: Date): string {
  return `${date.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;
}

const DAY = 86_400_000;

export function makePki(dir: string, host: string): Pki {
  mkdirSync(join(dir, 'issued'), { recursive: true });
  writeFileSync(join(dir, 'index.txt'), '');
  writeFileSync(join(dir, 'serial'), '1000\n');
  writeFileSync(
    join(dir, 'ca.cnf'),
    `[ca]
default_ca = test_ca
[test_ca]
dir = .
database = index.txt
new_certs_dir = issued
serial = serial
default_md = sha256
policy = anything
copy_extensions = copy
unique_subject = no
[anything]
commonName = supplied
`,
  );
  openssl(dir, [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '3650',
    '-subj',
    '/CN=PaySec Test CA',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
  ]);
  openssl(dir, ['genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048', '-out', 'good.key']);
  openssl(dir, ['genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:1024', '-out', 'weak.key']);
  const read = (name: string) => readFileSync(join(dir, name), 'utf8');
  const now = Date.now();

  const issue = (name: string, keyFile: string, subject: string, from: number, to: number): KeyPair => {
    openssl(dir, [
      'req',
      '-new',
      '-key',
      keyFile,
      '-subj',
      `/CN=${subject}`,
      '-addext',
      `subjectAltName=DNS:${subject}`,
      '-out',
      `${name}.csr`,
    ]);
    openssl(dir, [
      'ca',
      '-batch',
      '-config',
      'ca.cnf',
      '-cert',
      'ca.pem',
      '-keyfile',
      'ca.key',
      '-in',
      `${name}.csr`,
      '-out',
      `${name}.pem`,
      '-startdate',
      stamp(new Date(from)),
      '-enddate',
      stamp(new Date(to)),
      '-notext',
    ]);
    return { key: read(keyFile), cert: read(`${name}.pem`) };
  };

  openssl(dir, [
    'req',
    '-x509',
    '-key',
    'good.key',
    '-days',
    '365',
    '-subj',
    `/CN=${host}`,
    '-addext',
    `subjectAltName=DNS:${host}`,
    '-out',
    'self.pem',
  ]);
  return {
    ca: read('ca.pem'),
    good: issue('good', 'good.key', host, now - DAY, now + 365 * DAY),
    expired: issue('expired', 'good.key', host, now - 400 * DAY, now - 35 * DAY),
    notYetValid: issue('future', 'good.key', host, now + 10 * DAY, now + 400 * DAY),
    wrongName: issue('wrong', 'good.key', `other.${host}`, now - DAY, now + 365 * DAY),
    expiringSoon: issue('soon', 'good.key', host, now - 300 * DAY, now + 10 * DAY),
    weakKey: issue('weak', 'weak.key', host, now - DAY, now + 365 * DAY),
    selfSigned: { key: read('good.key'), cert: read('self.pem') },
  };
}
