/**
 * sql_injection: each query parameter the page links to (same site) and each GET form's field is
 * sent its value with a quote-breaking suffix; a database error signature (server/scans/data/
 * sql-errors.json) in the answer that the unmodified request did not show is error-based SQL
 * injection (CWE-89), an automatic ASV failure. Only GET requests: POST forms are never submitted,
 * since they may change state.
 */
import { forms, tags } from '../../../core/scans/html.utils';
import { newDatabaseErrors, type SqlErrorTable } from '../../../core/scans/sql-errors';
import { finding, statusOf } from '../../../core/scans/status.utils';
import table from '../data/sql-errors.json';
import { fetchPage, mainScheme, urlOf } from '../http-fetch';
import type { Check } from '../scan.types';

/** Appended to a parameter's value: closes a single- or double-quoted SQL string literal. */
export const QUOTE_BREAKER = `'"`;
const MAX_PARAMETERS = 12;
/** Links a careless site lets a GET change state through: never followed. */
const STATE_CHANGING = /log-?out|sign-?out|delete|remove|unsubscribe|cancel|destroy/i;
const SIGNATURES = table as SqlErrorTable;

interface Candidate {
  path: string;
  values: [string, string][];
}

const decodeEntities = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&#0*38;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#0*39;/g, "'");

/** Same-site links with a query string and GET forms, as paths with their parameter values. */
function candidatesOf(html: string, origin: string): Candidate[] {
  const candidates = new Map<string, Candidate>();
  const add = (reference: string, fields: [string, string][] = []) => {
    let url: URL;
    try {
      url = new URL(decodeEntities(reference.trim()) || '/', origin);
    } catch {
      return;
    }
    if (url.origin !== origin || STATE_CHANGING.test(url.pathname)) return;
    const values: [string, string][] = [...url.searchParams.entries(), ...fields];
    if (values.length === 0) return;
    const key = `${url.pathname}?${values.map(([name]) => name).join('&')}`;
    if (!candidates.has(key)) candidates.set(key, { path: url.pathname, values });
  };
  for (const tag of tags(html)) if (tag.name === 'a' && tag.attributes.href) add(tag.attributes.href);
  for (const form of forms(html)) {
    if (form.method !== 'get') continue;
    const fields = form.inputs
      .filter((input) => !['submit', 'button', 'image', 'file', 'reset'].includes(input.type))
      .map((input): [string, string] => [input.name, '1']);
    add(form.action, fields);
  }
  return [...candidates.values()];
}

const pathOf = (candidate: Candidate, values: [string, string][]) =>
  `${candidate.path}?${new URLSearchParams(values).toString()}`;

export const sqlInjection: Check = async (target, options) => {
  const scheme = mainScheme(target);
  if (!scheme)
    return { check: 'sql_injection', status: 'not_measurable', findings: [], data: { reason: 'no_web_ports' } };
  const home = await fetchPage(target, { scheme }, options);
  const origin = new URL(urlOf(target, scheme)).origin;
  const tested: string[] = [];
  const injectable: { parameter: string; path: string; engine: string; text: string }[] = [];
  for (const candidate of candidatesOf(home.body, origin)) {
    if (tested.length >= MAX_PARAMETERS) break;
    const baseline = await fetchPage(target, { scheme, path: pathOf(candidate, candidate.values) }, options);
    for (const [index, [name, value]] of candidate.values.entries()) {
      if (tested.length >= MAX_PARAMETERS) break;
      tested.push(`${candidate.path}?${name}`);
      const values = candidate.values.map((pair, at): [string, string] =>
        at === index ? [name, `${value}${QUOTE_BREAKER}`] : pair,
      );
      const probed = await fetchPage(target, { scheme, path: pathOf(candidate, values) }, options);
      for (const match of newDatabaseErrors(baseline.body, probed.body, SIGNATURES))
        injectable.push({ parameter: name, path: candidate.path, ...match });
    }
  }
  const findings = injectable.map((hit) =>
    finding('sql_injection_error', 'critical', `${hit.path}?${hit.parameter}= (${hit.engine}): ${hit.text}`, {
      cvss: 9.8,
      asv: 'sql_injection',
    }),
  );
  return {
    check: 'sql_injection',
    status: statusOf(findings),
    findings,
    data: {
      tested,
      injectable: injectable.map(({ parameter, path, engine }) => ({ parameter, path, engine })),
    },
  };
};
