/**
 * An SSL grade in the manner of the SSL Labs Server Rating Guide
 * (https://github.com/ssllabs/research/wiki/SSL-Server-Rating-Guide): protocol support 30%, key
 * exchange 30%, cipher strength 40%, then the caps the guide and its later amendments add.
 */

export type TlsProtocol = 'SSLv3' | 'TLSv1' | 'TLSv1.1' | 'TLSv1.2' | 'TLSv1.3';

export interface SslGradeInput {
  /** Protocols the server accepted. */
  protocols: TlsProtocol[];
  /** The certificate's key size in bits (RSA modulus; for EC the curve's size, scaled as the guide does). */
  keyBits: number;
  keyType: 'RSA' | 'EC' | 'unknown';
  /** Symmetric strengths (bits) of the ciphers accepted. */
  cipherBits: number[];
  forwardSecrecy: boolean;
  rc4: boolean;
  tripleDes: boolean;
  /** Certificate states: any of them decides the trust letter. */
  untrusted: boolean;
  expired: boolean;
  nameMismatch: boolean;
  /** Strict-Transport-Security with max-age of at least six months. */
  hstsLongLived: boolean;
}

export interface SslGrade {
  /** A+ … F, or T (trust issues) / M (name mismatch) as SSL Labs shows them. */
  grade: string;
  /** The grade the configuration earns if the certificate were trusted. */
  gradeIgnoringTrust: string;
  score: number;
  caps: string[];
}

const PROTOCOL_SCORE: Record<TlsProtocol, number> = {
  SSLv3: 80,
  TLSv1: 90,
  'TLSv1.1': 95,
  'TLSv1.2': 100,
  'TLSv1.3': 100,
};

function keyScore(bits: number): number {
  if (bits < 512) return 20;
  if (bits < 1024) return 40;
  if (bits < 2048) return 80;
  if (bits < 4096) return 90;
  return 100;
}

function cipherScore(bits: number): number {
  if (bits <= 0) return 0;
  if (bits < 128) return 20;
  if (bits < 256) return 80;
  return 100;
}

const LETTERS = ['A+', 'A', 'A-', 'B', 'C', 'D', 'E', 'F'];

function letterOf(score: number): string {
  if (score >= 80) return 'A';
  if (score >= 65) return 'B';
  if (score >= 50) return 'C';
  if (score >= 35) return 'D';
  if (score >= 20) return 'E';
  return 'F';
}

function worse(a: string, b: string): string {
  return LETTERS.indexOf(a) >= LETTERS.indexOf(b) ? a : b;
}

/** RSA-equivalent bits of an EC key (a 256-bit curve counts as 3072-bit RSA, per NIST SP 800-57). */
function rsaEquivalent(input: SslGradeInput): number {
  if (input.keyType !== 'EC') return input.keyBits;
  if (input.keyBits >= 384) return 7680;
  if (input.keyBits >= 256) return 3072;
  if (input.keyBits >= 224) return 2048;
  return 1024;
}

export function gradeSsl(input: SslGradeInput): SslGrade {
  const caps: string[] = [];
  if (input.protocols.length === 0) return { grade: 'F', gradeIgnoringTrust: 'F', score: 0, caps: ['no-tls'] };
  const protocolScores = input.protocols.map((p) => PROTOCOL_SCORE[p]);
  const protocol = (Math.max(...protocolScores) + Math.min(...protocolScores)) / 2;
  const bits = rsaEquivalent(input);
  const key = keyScore(bits);
  const strengths = input.cipherBits.length > 0 ? input.cipherBits : [0];
  const cipher = (cipherScore(Math.max(...strengths)) + cipherScore(Math.min(...strengths))) / 2;
  const score = Math.round(protocol * 0.3 + key * 0.3 + cipher * 0.4);

  let letter = letterOf(score);
  const cap = (limit: string, reason: string) => {
    caps.push(reason);
    letter = worse(letter, limit);
  };
  if (bits < 1024) cap('F', 'key-below-1024');
  if (input.protocols.includes('SSLv3')) cap('C', 'ssl3-poodle');
  if (input.rc4) cap('C', 'rc4');
  if (input.tripleDes) cap('C', '3des-sweet32');
  if (!input.protocols.includes('TLSv1.2') && !input.protocols.includes('TLSv1.3')) cap('C', 'no-tls12');
  if (input.protocols.includes('TLSv1') || input.protocols.includes('TLSv1.1')) cap('B', 'tls10-tls11');
  if (!input.forwardSecrecy) cap('B', 'no-forward-secrecy');
  if (bits < 2048) cap('B', 'key-below-2048');
  if (letter === 'A' && input.hstsLongLived) letter = 'A+';

  const gradeIgnoringTrust = letter;
  let grade = letter;
  if (input.nameMismatch) grade = 'M';
  if (input.untrusted || input.expired) grade = 'T';
  return { grade, gradeIgnoringTrust, score, caps };
}
