/** The pure grading in core/scans: SSL Labs-style grade, Observatory-style score, ASV verdict, group status, end of life. */
import { describe, expect, it } from 'vitest';
import { asvVerdict } from '../../../core/scans/asv';
import { compareVersions, type EolTable, judgeBanner } from '../../../core/scans/end-of-life';
import { scoreHeaders } from '../../../core/scans/headers-score';
import { forms, formWithoutToken, mixedReferences } from '../../../core/scans/html.utils';
import {
  expiryVerdict,
  type RdapBootstrap,
  rdapQueryNames,
  rdapServerFor,
  registrationOf,
} from '../../../core/scans/rdap';
import type { CheckResult } from '../../../core/scans/scan.types';
import { databaseErrors, newDatabaseErrors } from '../../../core/scans/sql-errors';
import { gradeSsl, type SslGradeInput } from '../../../core/scans/ssl-grade';
import { finding, groupStatuses, reachabilityOf, worstStatus } from '../../../core/scans/status.utils';
import sqlErrors from '../../../server/scans/data/sql-errors.json';

const modern: SslGradeInput = {
  protocols: ['TLSv1.2', 'TLSv1.3'],
  keyBits: 2048,
  keyType: 'RSA',
  cipherBits: [128, 256],
  forwardSecrecy: true,
  rc4: false,
  tripleDes: false,
  untrusted: false,
  expired: false,
  nameMismatch: false,
  hstsLongLived: false,
};

describe('gradeSsl (SSL Labs rating guide)', () => {
  it('scores protocol 30%, key 30%, cipher 40%: a modern 2048-bit server is an A, A+ with long HSTS', () => {
    expect(gradeSsl(modern)).toMatchObject({ grade: 'A', score: 93, caps: [] });
    expect(gradeSsl({ ...modern, hstsLongLived: true }).grade).toBe('A+');
  });

  it('caps: TLS 1.0 → B, RC4 or 3DES → C, SSLv3 → C, no TLS 1.2 → C, key under 1024 → F', () => {
    expect(gradeSsl({ ...modern, protocols: ['TLSv1', 'TLSv1.2', 'TLSv1.3'] }).grade).toBe('B');
    expect(gradeSsl({ ...modern, tripleDes: true }).grade).toBe('C');
    expect(gradeSsl({ ...modern, rc4: true }).caps).toEqual(['rc4']);
    expect(gradeSsl({ ...modern, protocols: ['SSLv3', 'TLSv1'] }).grade).toBe('C');
    expect(gradeSsl({ ...modern, keyBits: 512 }).grade).toBe('F');
    expect(gradeSsl({ ...modern, forwardSecrecy: false }).grade).toBe('B');
  });

  it('trust issues show T and a name mismatch M, keeping the grade the configuration earns', () => {
    expect(gradeSsl({ ...modern, untrusted: true })).toMatchObject({ grade: 'T', gradeIgnoringTrust: 'A' });
    expect(gradeSsl({ ...modern, expired: true }).grade).toBe('T');
    expect(gradeSsl({ ...modern, nameMismatch: true }).grade).toBe('M');
    expect(gradeSsl({ ...modern, protocols: [] }).grade).toBe('F');
  });

  it('counts a 256-bit EC key as 3072-bit RSA', () => {
    expect(gradeSsl({ ...modern, keyType: 'EC', keyBits: 256 }).score).toBe(93);
  });
});

describe('scoreHeaders (Observatory scoring)', () => {
  it('starts at 100, subtracts each missing protection, never goes below 0', () => {
    const bare = scoreHeaders({ headers: {}, https: true });
    expect(bare.score).toBe(30); // CSP -25, HSTS -20, XFO -20, nosniff -5
    expect(bare.grade).toBe('D');
    expect(scoreHeaders({ headers: { 'set-cookie': ['a=b'] }, https: true, redirectsToHttps: false }).score).toBe(0);
  });

  it('adds bonuses only from 90 up: a complete set is A+', () => {
    const headers = {
      'content-security-policy': "default-src 'self'; frame-ancestors 'none'",
      'strict-transport-security': 'max-age=63072000; includeSubDomains; preload',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    };
    expect(scoreHeaders({ headers, https: true })).toMatchObject({ score: 120, grade: 'A+' });
    // below 90 the same bonuses do not lift the score
    const weak = scoreHeaders({
      headers: { ...headers, 'strict-transport-security': undefined },
      https: true,
      redirectsToHttps: false,
    });
    expect(weak.score).toBe(60);
  });

  it('treats unsafe-inline scripts without nonces as a weak CSP', () => {
    const result = scoreHeaders({
      headers: { 'content-security-policy': "script-src 'self' 'unsafe-inline'" },
      https: false,
    });
    expect(result.modifiers[0]).toEqual({ test: 'csp-implemented-unsafe-inline', modifier: -20 });
  });
});

const result = (
  check: CheckResult['check'],
  status: CheckResult['status'],
  findings = [] as CheckResult['findings'],
) => ({
  check,
  status,
  findings,
  data: {},
});

describe('ASV verdict and group status', () => {
  it('fails on CVSS ≥ 4.0 or an automatic-failure rule; passes otherwise', () => {
    expect(asvVerdict([result('csrf', 'not_recommended', [finding('cookie_without_samesite', 'low', 'x')])])).toEqual({
      verdict: 'pass',
      reasons: [],
    });
    expect(
      asvVerdict([result('directory', 'fail', [finding('git_exposed', 'high', 'x', { cvss: 7.5 })])]).reasons,
    ).toEqual([{ check: 'directory', finding: 'git_exposed', rule: 'cvss', cvss: 7.5 }]);
    expect(
      asvVerdict([result('ssl_ciphers', 'fail', [finding('tls10_enabled', 'high', 'x', { asv: 'ssl_early_tls' })])])
        .verdict,
    ).toBe('fail');
    expect(asvVerdict([result('csrf', 'fail', [finding('y', 'medium', 'x', { cvss: 3.9 })])]).verdict).toBe('pass');
  });

  it('SQL injection is an automatic ASV failure, in the web application security group', () => {
    const injectable = result('sql_injection', 'fail', [
      finding('sql_injection_error', 'critical', '/products?id= (MySQL): …', { cvss: 9.8, asv: 'sql_injection' }),
    ]);
    expect(asvVerdict([result('xss', 'pass'), injectable])).toEqual({
      verdict: 'fail',
      reasons: [{ check: 'sql_injection', finding: 'sql_injection_error', rule: 'sql_injection', cvss: 9.8 }],
    });
    expect(groupStatuses([result('xss', 'pass'), injectable])).toEqual({ web_application_security: 'fail' });
  });

  it('a group is as bad as its worst check: fail > error > not_recommended > not_measurable > pass', () => {
    expect(worstStatus(['pass', 'not_measurable'])).toBe('not_measurable');
    expect(worstStatus(['not_recommended', 'error'])).toBe('error');
    expect(worstStatus(['error', 'fail', 'pass'])).toBe('fail');
    expect(worstStatus([])).toBe('pass');
    expect(
      groupStatuses([
        result('ssl_certificate', 'pass'),
        result('ssl_ciphers', 'not_recommended'),
        result('xss', 'pass'),
      ]),
    ).toEqual({ ssl_health: 'not_recommended', web_application_security: 'pass' });
  });
});

describe('reachabilityOf', () => {
  it('reads online, offline or redirected from http_response', () => {
    const response = (reachability: string) => ({ ...result('http_response', 'pass'), data: { reachability } });
    expect(reachabilityOf([response('offline')])).toBe('offline');
    expect(reachabilityOf([response('redirected')])).toBe('redirected');
    expect(reachabilityOf([response('online')])).toBe('online');
    expect(reachabilityOf([])).toBe('online');
  });
});

describe('end-of-life table', () => {
  const table: EolTable = {
    checkedAt: '2026-01-01',
    products: [
      {
        product: 'nginx',
        pattern: 'nginx/(\\d+\\.\\d+(?:\\.\\d+)?)',
        cycles: [
          { cycle: '1.18', eol: '2021-04-20' },
          { cycle: '1.26', eol: '2027-01-01' },
        ],
      },
    ],
  };

  it('judges a banner by its release line; a version older than every line is past its end too', () => {
    expect(judgeBanner('nginx/1.18.0', table, '2026-11-25')[0]).toMatchObject({ cycle: '1.18', endOfLife: true });
    expect(judgeBanner('nginx/1.26.2', table, '2026-11-25')[0]).toMatchObject({ cycle: '1.26', endOfLife: false });
    expect(judgeBanner('nginx/1.10.3', table, '2026-11-25')[0]).toMatchObject({ endOfLife: true });
    expect(judgeBanner('Apache', table, '2026-11-25')).toEqual([]);
    expect(compareVersions('1.10', '1.9')).toBeGreaterThan(0);
  });
});

describe('database error signatures', () => {
  it('finds the error of an engine that the probe drew and the unmodified page did not show', () => {
    const mysql =
      'You have an error in your SQL syntax; check the manual that corresponds to your MySQL server version';
    expect(databaseErrors(`<b>Warning</b>: ${mysql}`, sqlErrors).map((match) => match.engine)).toEqual(['MySQL']);
    expect(databaseErrors('ORA-01756: quoted string not properly terminated', sqlErrors)[0].engine).toBe('Oracle');
    expect(databaseErrors("Unclosed quotation mark after the character string '1''.", sqlErrors)[0].engine).toBe(
      'Microsoft SQL Server',
    );
    expect(newDatabaseErrors('<p>ok</p>', `<p>${mysql}</p>`, sqlErrors)).toHaveLength(1);
    expect(newDatabaseErrors(`<p>${mysql}</p>`, `<p>${mysql}</p>`, sqlErrors)).toEqual([]);
    expect(databaseErrors('<p>Our SQL course covers syntax and servers.</p>', sqlErrors)).toEqual([]);
  });
});

describe('RDAP reading', () => {
  it('picks the longest TLD suffix and an https server; asks for the host, then its parents', () => {
    const bootstrap: RdapBootstrap = {
      services: [
        [['uk'], ['https://rdap.nominet.uk/uk']],
        [['co.uk'], ['http://co.example/', 'https://co.example/']],
        [['com', 'net'], ['https://rdap.verisign.com/com/v1/']],
      ],
    };
    expect(rdapServerFor(bootstrap, 'shop.co.uk')).toBe('https://co.example/');
    expect(rdapServerFor(bootstrap, 'shop.org.uk')).toBe('https://rdap.nominet.uk/uk/');
    expect(rdapServerFor(bootstrap, 'Shop.COM.')).toBe('https://rdap.verisign.com/com/v1/');
    expect(rdapServerFor(bootstrap, 'shop.test')).toBeNull();
    expect(rdapQueryNames('www.pay.shop.example')).toEqual([
      'www.pay.shop.example',
      'pay.shop.example',
      'shop.example',
    ]);
    expect(rdapQueryNames('shop.example')).toEqual(['shop.example']);
  });

  it('reads the registrar and dates; expired, expiring within 30 days, or fine', () => {
    expect(
      registrationOf({
        ldhName: 'SHOP.EXAMPLE',
        entities: [
          { roles: ['registrant'], vcardArray: ['vcard', [['fn', {}, 'text', 'Owner']]] },
          { roles: ['registrar'], handle: '292' },
        ],
        events: [{ eventAction: 'expiration', eventDate: '2027-01-01T00:00:00Z' }],
      }),
    ).toEqual({
      domain: 'shop.example',
      registrar: '292',
      registrarIanaId: null,
      registered: null,
      expiry: '2027-01-01T00:00:00Z',
    });
    const now = new Date('2026-11-27T00:00:00Z');
    expect(expiryVerdict('2026-11-26T00:00:00Z', now)).toBe('expired');
    expect(expiryVerdict('2026-12-20T00:00:00Z', now)).toBe('expiring');
    expect(expiryVerdict('2027-02-01T00:00:00Z', now)).toBe('ok');
    expect(expiryVerdict(null, now)).toBe('ok');
  });
});

describe('HTML reading', () => {
  it('splits mixed content into active and passive and finds token-less POST forms', () => {
    const html = `<script src='http://a/x.js'></script><link rel="stylesheet" href=http://a/s.css><img src="http://a/i.png">
      <img src="https://a/ok.png"><form method=POST action="/pay"><input type="hidden" name="_csrf" value="1"></form>
      <form method="post"><input name="q"></form>`;
    expect(mixedReferences(html).map((r) => `${r.kind} ${r.tag}`)).toEqual([
      'active script',
      'active link',
      'passive img',
    ]);
    expect(forms(html).map(formWithoutToken)).toEqual([false, true]);
  });
});
