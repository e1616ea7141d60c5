/**
 * Sanction screening (issue 25): searches per second against a generated list of BENCH_NAMES
 * (10,000) parties — Turkish, Arabic, Persian, Russian and English names with the transliterations
 * lists carry as aliases, and companies with legal forms — screened with our matcher
 * (core/sanctions/match.ts `screen`: token-wise Jaro-Winkler, word order ignored, penalties) at
 * the lowest band of schemas/sanctions/sanctions-bands.json, beside a plain linear scan: the query
 * and every name and alias folded the same way (the list's once, before timing), one Jaro-Winkler
 * of the whole strings each, kept at the same threshold — what one would ship without a matcher.
 * The queries (BENCH_QUERIES, 500): misspelt, reordered or transliterated listed names and
 * unrelated customers, taken in turns by both sides (equal counts, interleaved). On the first 200
 * the matched parties are compared: the disagreement count is printed, and how many queries have
 * the same best match (the scan misses reordered names by design; it is not a failure). No target beyond the print: the issue asks for the
 * figure. Run: npx tsx bench/sanctions.ts. Not part of npm test.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { lowestBand } from '../core/sanctions/bands';
import { jaroWinkler } from '../core/sanctions/jaro-winkler';
import { screen } from '../core/sanctions/match';
import { foldName } from '../core/sanctions/normalize';
import type { SanctionsBandsBody, SanctionsEntry } from '../core/sanctions/sanctions.types';
import { random } from './support/pg-list-data';

const NAMES = Number(process.env.BENCH_NAMES ?? 10_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 500);
const SAMPLE = Math.min(200, QUERIES);
const bands = JSON.parse(readFileSync('schemas/sanctions/sanctions-bands.json', 'utf8')).body as SanctionsBandsBody;
const THRESHOLD = lowestBand(bands);

const rnd = random(7);
const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)];
// each given name or surname with the spellings lists use for it
const GIVEN = [
  ['Mohammed', 'Muhammad', 'Mohamed', 'Mehmet'],
  ['Ahmed', 'Ahmad', 'Ahmet'],
  ['Abdulrahman', 'Abd al-Rahman', 'Abdurrahman'],
  ['Hussein', 'Husayn', 'Hüseyin'],
  ['Yusuf', 'Youssef', 'Yousef'],
  ['Ali'],
  ['Omar', 'Umar', 'Ömer'],
  ['Ibrahim', 'Ebrahim', 'İbrahim'],
  ['Mustafa', 'Mostafa'],
  ['Hassan', 'Hasan'],
  ['Reza', 'Riza', 'Rıza'],
  ['Yevgeny', 'Evgeniy', 'Evgeni'],
  ['Sergei', 'Sergey', 'Serguei'],
  ['Aleksandr', 'Alexander', 'Aleksander'],
  ['Dmitry', 'Dmitri', 'Dmitrii'],
  ['Vladimir', 'Wladimir'],
  ['Olga'],
  ['Tatiana', 'Tatyana'],
  ['Ayşe', 'Ayse'],
  ['Fatma', 'Fatima', 'Fatemeh'],
  ['Zeynep', 'Zainab', 'Zaynab'],
  ['Emre'],
  ['Çağla', 'Cagla'],
  ['John'],
  ['Michael', 'Mikhail'],
  ['Peter', 'Pyotr', 'Piotr'],
  ['Maria', 'Mariya'],
  ['Kim'],
  ['Jong'],
  ['Nguyen'],
];
const FAMILY = [
  ['Al-Rashid', 'Al Rasheed', 'Alrashid'],
  ['Öztürk', 'Ozturk'],
  ['Yılmaz', 'Yilmaz'],
  ['Şahin', 'Sahin'],
  ['Çelik', 'Celik'],
  ['Kaya'],
  ['Demir'],
  ['Khamenei', 'Khamenehi'],
  ['Hosseini', 'Husseini', 'Hoseyni'],
  ['Tehrani'],
  ['Ivanov', 'Ivanoff'],
  ['Petrov', 'Petroff'],
  ['Smirnov', 'Smirnoff'],
  ['Kuznetsov', 'Kuznetsoff'],
  ['Volkov'],
  ['Popescu'],
  ['Al-Masri', 'Al Masri', 'Elmasry'],
  ['Haddad', 'Hadad'],
  ['Nasser', 'Nasir', 'Naser'],
  ['Qureshi', 'Kureishi', 'Qureishi'],
  ['Khan'],
  ['Rahimi'],
  ['Karimov', 'Kerimov'],
  ['Aliyev', 'Aliev'],
  ['Smith'],
  ['Johnson'],
  ['Brown'],
  ['Müller', 'Mueller', 'Muller'],
  ['Schneider'],
  ['Rossi'],
];
const WORDS = [
  'Trading',
  'Shipping',
  'Petroleum',
  'Logistics',
  'Gold',
  'Exchange',
  'Holding',
  'Marine',
  'Industrial',
  'Energy',
];
const PLACES = ['Caspian', 'Gulf', 'Anatolia', 'Baltic', 'Levant', 'Sahara', 'Eurasia', 'Pacific', 'Nordic', 'Tigris'];
const FORMS = ['LLC', 'Ltd', 'Co', 'GmbH', 'FZE', 'JSC', 'A.Ş.', 'Inc'];
const COUNTRIES = ['IR', 'RU', 'SY', 'KP', 'TR', 'AE', 'IQ', 'LB', 'BY', 'VE'];

// most listed family names are rare: built from syllables, with the spellings transliteration gives them
const ONSETS = [
  'Kar',
  'Bah',
  'Nour',
  'Sha',
  'Zar',
  'Mir',
  'Tal',
  'Gor',
  'Ras',
  'Fay',
  'Dzh',
  'Kho',
  'Sul',
  'Yak',
  'Bel',
  'Om',
  'Ag',
  'Tur',
  'Vas',
  'Haj',
];
const MIDDLES = ['a', 'i', 'o', 'ou', 'e', 'ya', 'ba', 'da', 'ra', 'ka', 'mi', 'za', 'li', 'na'];
const ENDINGS = ['ov', 'ev', 'ian', 'zadeh', 'oglu', 'i', 'ani', 'enko', 'in', 'shvili', 'ullah', 'pour', 'lu', 'ski'];
function rareFamily(): string[] {
  const name = `${pick(ONSETS)}${pick(MIDDLES)}${pick(MIDDLES)}${pick(ENDINGS)}`;
  const other = name
    .replace('ou', 'u')
    .replace(/ov$/, 'off')
    .replace(/ya/, 'ia')
    .replace(/kh/i, 'h')
    .replace('oglu', 'oğlu');
  return other === name ? [name] : [name, other];
}

function individual(): { name: string; aliases: string[] } {
  const given = pick(GIVEN);
  const middle = rnd() < 0.4 ? pick(GIVEN) : null;
  const family = rnd() < 0.15 ? pick(FAMILY) : rareFamily();
  const spell = (forms: string[], k: number) => forms[k % forms.length];
  const parts = (k: number) => [spell(given, k), ...(middle ? [spell(middle, k)] : []), spell(family, k)].join(' ');
  const aliases = [1, 2].map(parts).filter((alias, index, all) => alias !== parts(0) && all.indexOf(alias) === index);
  return { name: parts(0), aliases };
}

function entity(): { name: string; aliases: string[] } {
  const name = `${rareFamily()[0]} ${pick(PLACES)} ${pick(WORDS)} ${pick(FORMS)}`;
  return { name, aliases: rnd() < 0.3 ? [`${rareFamily()[0]} ${pick(WORDS)}`] : [] };
}

const entries: SanctionsEntry[] = Array.from({ length: NAMES }, (_, i) => {
  const person = rnd() < 0.7;
  const { name, aliases } = person ? individual() : entity();
  return {
    id: `e${i}`,
    listId: i % 2 ? 'ofac-sdn' : 'un-consolidated',
    ref: String(i),
    name,
    ...(aliases.length > 0 ? { aliases } : {}),
    type: person ? 'individual' : 'entity',
    countries: [pick(COUNTRIES)],
    ...(person && rnd() < 0.6 ? { birthYear: 1950 + Math.floor(rnd() * 50) } : {}),
  };
});

/** One typo: a letter dropped, doubled or two swapped. */
function typo(word: string): string {
  if (word.length < 4) return word;
  const at = 1 + Math.floor(rnd() * (word.length - 2));
  const kind = rnd();
  if (kind < 0.33) return word.slice(0, at) + word.slice(at + 1);
  if (kind < 0.66) return word.slice(0, at) + word[at] + word.slice(at);
  return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
}

const queries = Array.from({ length: QUERIES }, () => {
  if (rnd() < 0.5) return { name: `${pick(pick(GIVEN))} ${pick(rnd() < 0.5 ? pick(FAMILY) : rareFamily())}` }; // a customer, maybe a namesake
  const entry = pick(entries);
  const words = (rnd() < 0.3 && entry.aliases ? pick(entry.aliases) : entry.name).split(' ');
  const kind = rnd();
  if (kind < 0.4) return { name: words.map((word) => (rnd() < 0.5 ? typo(word) : word)).join(' ') };
  if (kind < 0.7) return { name: [...words.slice(1), words[0]].join(' ') }; // family name first
  return { name: words.join(' ').toUpperCase() };
});

// the scan's list, folded once
const folded = entries.map((entry) => ({ entry, names: [entry.name, ...(entry.aliases ?? [])].map(foldName) }));
/** The parties at or above the threshold, best first (the best name or alias of each). */
function linearScan(name: string): string[] {
  const query = foldName(name);
  const found: { id: string; score: number }[] = [];
  for (const { entry, names } of folded) {
    let best = 0;
    for (const candidate of names) best = Math.max(best, jaroWinkler(query, candidate));
    if (best >= THRESHOLD) found.push({ id: entry.id, score: best });
  }
  return found.sort((a, b) => b.score - a.score).map((match) => match.id);
}
const ours = (name: string) => screen({ name }, entries, THRESHOLD).map((match) => match.entry.id);

let disagreements = 0;
let sameBest = 0;
let onlyOurs = 0;
let onlyScan = 0;
for (const { name } of queries.slice(0, SAMPLE)) {
  const [mineFound, scanFound] = [ours(name), linearScan(name)];
  if (mineFound[0] === scanFound[0]) sameBest += 1;
  const a = new Set(mineFound);
  const b = new Set(scanFound);
  const mine = [...a].filter((id) => !b.has(id)).length;
  const theirs = [...b].filter((id) => !a.has(id)).length;
  if (mine + theirs > 0) disagreements += 1;
  onlyOurs += mine;
  onlyScan += theirs;
}

const elapsed = [0, 0];
const sides = [ours, linearScan];
let matches = 0;
for (let q = 0; q < queries.length; q += 1) {
  // one query each, the side going first alternating
  for (const k of q % 2 ? [1, 0] : [0, 1]) {
    const start = performance.now();
    matches += sides[k](queries[q].name).length;
    elapsed[k] += performance.now() - start;
  }
}
const rates = elapsed.map((ms) => queries.length / (ms / 1000));
console.log(
  `sanctions screening: ${QUERIES} queries against ${NAMES.toLocaleString('en')} parties (${folded.reduce((n, f) => n + f.names.length, 0).toLocaleString('en')} names and aliases), threshold ${THRESHOLD}, interleaved; load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(
  `  ours (token-wise, penalties)  ${rates[0].toFixed(1).padStart(8)} searches/s   ${(rates[0] / rates[1]).toFixed(2)}× the scan`,
);
console.log(`  linear Jaro-Winkler scan      ${rates[1].toFixed(1).padStart(8)} searches/s`);
console.log(
  `  on ${SAMPLE} queries: ${disagreements} answered differently (${onlyOurs} parties found only by ours, ${onlyScan} only by the scan), ${sameBest} with the same best match; ${matches} matches in all`,
);
