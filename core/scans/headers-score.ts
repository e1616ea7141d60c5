/**
 * A security-headers score in the manner of the Mozilla HTTP Observatory's scoring
 * (https://developer.mozilla.org/en-US/observatory/docs/tests_and_scoring): start at 100, apply
 * each test's modifier, add bonuses only when the score is already 90 or more, never below 0,
 * then map to A+ … F with the Observatory's grade chart.
 */

export interface HeadersInput {
  /** Response header names in lower case; set-cookie as a list. */
  headers: Record<string, string | string[] | undefined>;
  https: boolean;
  /** Whether plain HTTP redirected to HTTPS (undefined when not measured). */
  redirectsToHttps?: boolean;
}

export interface HeadersModifier {
  test: string;
  modifier: number;
}

export interface HeadersScore {
  score: number;
  grade: string;
  modifiers: HeadersModifier[];
}

const GRADES: [number, string][] = [
  [100, 'A+'],
  [90, 'A'],
  [85, 'A-'],
  [80, 'B+'],
  [70, 'B'],
  [65, 'B-'],
  [60, 'C+'],
  [50, 'C'],
  [45, 'C-'],
  [40, 'D+'],
  [30, 'D'],
  [25, 'D-'],
];

export function headersGrade(score: number): string {
  return GRADES.find(([floor]) => score >= floor)?.[1] ?? 'F';
}

const HALF_YEAR_SECONDS = 15_552_000;

function one(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The directives of a Content-Security-Policy header, name → source list. */
function cspDirectives(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

function cspModifiers(policy: string | undefined): HeadersModifier[] {
  if (!policy) return [{ test: 'csp-not-implemented', modifier: -25 }];
  const directives = cspDirectives(policy);
  const scripts = directives.get('script-src') ?? directives.get('default-src');
  if (!scripts) return [{ test: 'csp-implemented-unsafe-inline', modifier: -20 }];
  if (scripts.includes("'unsafe-inline'") && !scripts.some((s) => s.startsWith("'nonce-") || s.startsWith("'sha")))
    return [{ test: 'csp-implemented-unsafe-inline', modifier: -20 }];
  if (scripts.includes("'unsafe-eval'")) return [{ test: 'csp-implemented-unsafe-eval', modifier: -10 }];
  return [{ test: 'csp-implemented-with-no-unsafe', modifier: 5 }];
}

function hstsModifiers(input: HeadersInput): HeadersModifier[] {
  if (!input.https) return [{ test: 'hsts-not-implemented-no-https', modifier: -20 }];
  const hsts = one(input.headers['strict-transport-security']);
  if (!hsts) return [{ test: 'hsts-not-implemented', modifier: -20 }];
  const maxAge = Number(/max-age\s*=\s*"?(\d+)/i.exec(hsts)?.[1] ?? Number.NaN);
  if (Number.isNaN(maxAge)) return [{ test: 'hsts-header-invalid', modifier: -20 }];
  if (maxAge < HALF_YEAR_SECONDS) return [{ test: 'hsts-implemented-max-age-less-than-six-months', modifier: -10 }];
  if (/preload/i.test(hsts)) return [{ test: 'hsts-preload-requested', modifier: 5 }];
  return [{ test: 'hsts-implemented-max-age-at-least-six-months', modifier: 0 }];
}

function frameModifiers(headers: HeadersInput['headers']): HeadersModifier[] {
  const csp = one(headers['content-security-policy']);
  if (csp && cspDirectives(csp).has('frame-ancestors'))
    return [{ test: 'x-frame-options-implemented-via-csp', modifier: 5 }];
  const xfo = one(headers['x-frame-options'])?.trim().toLowerCase();
  if (!xfo) return [{ test: 'x-frame-options-not-implemented', modifier: -20 }];
  if (xfo === 'deny' || xfo === 'sameorigin') return [{ test: 'x-frame-options-sameorigin-or-deny', modifier: 0 }];
  return [{ test: 'x-frame-options-header-invalid', modifier: -20 }];
}

function referrerModifiers(headers: HeadersInput['headers']): HeadersModifier[] {
  const policy = one(headers['referrer-policy'])?.split(',').pop()?.trim().toLowerCase();
  if (!policy) return [{ test: 'referrer-policy-not-implemented', modifier: 0 }];
  if (policy === 'unsafe-url' || policy === 'no-referrer-when-downgrade')
    return [{ test: 'referrer-policy-unsafe', modifier: -5 }];
  return [{ test: 'referrer-policy-private', modifier: 5 }];
}

function cookieModifiers(input: HeadersInput): HeadersModifier[] {
  const raw = input.headers['set-cookie'];
  const cookies = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  if (cookies.length === 0) return [{ test: 'cookies-not-found', modifier: 0 }];
  const attributes = cookies.map((cookie) => cookie.toLowerCase());
  if (input.https && attributes.some((cookie) => !/;\s*secure\b/.test(cookie)))
    return [{ test: 'cookies-without-secure-flag', modifier: -20 }];
  if (attributes.some((cookie) => !/;\s*httponly\b/.test(cookie)))
    return [{ test: 'cookies-session-without-httponly-flag', modifier: -30 }];
  if (attributes.some((cookie) => !/;\s*samesite=/.test(cookie)))
    return [{ test: 'cookies-secure-with-httponly-sessions', modifier: 0 }];
  return [{ test: 'cookies-secure-with-httponly-sessions-and-samesite', modifier: 5 }];
}

function redirectModifiers(input: HeadersInput): HeadersModifier[] {
  if (input.redirectsToHttps === undefined) return [];
  return input.redirectsToHttps
    ? [{ test: 'redirection-to-https', modifier: 0 }]
    : [{ test: 'redirection-missing', modifier: -20 }];
}

/** The score of one response's headers. */
export function scoreHeaders(input: HeadersInput): HeadersScore {
  const { headers } = input;
  const modifiers = [
    ...cspModifiers(one(headers['content-security-policy'])),
    ...hstsModifiers(input),
    ...frameModifiers(headers),
    ...(one(headers['x-content-type-options'])?.trim().toLowerCase() === 'nosniff'
      ? [{ test: 'x-content-type-options-nosniff', modifier: 0 }]
      : [{ test: 'x-content-type-options-not-implemented', modifier: -5 }]),
    ...referrerModifiers(headers),
    ...cookieModifiers(input),
    ...redirectModifiers(input),
  ];
  const penalties = modifiers.filter((m) => m.modifier < 0).reduce((sum, m) => sum + m.modifier, 100);
  // bonuses count only for a site that already scores 90 or more (the Observatory's rule)
  const bonuses = modifiers.filter((m) => m.modifier > 0).reduce((sum, m) => sum + m.modifier, 0);
  const score = Math.max(0, penalties >= 90 ? penalties + bonuses : penalties);
  return { score, grade: headersGrade(score), modifiers };
}
