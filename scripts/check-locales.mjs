// Fails when locales/en.json and locales/tr.json do not hold the same keys, or a value is empty.
import fs from 'node:fs';
const flat = (o, p = '') =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? flat(v, `${p}${k}.`) : [[`${p}${k}`, v]]));
const en = new Map(flat(JSON.parse(fs.readFileSync('locales/en.json', 'utf8'))));
const tr = new Map(flat(JSON.parse(fs.readFileSync('locales/tr.json', 'utf8'))));
const onlyEn = [...en.keys()].filter((k) => !tr.has(k));
const onlyTr = [...tr.keys()].filter((k) => !en.has(k));
const empty = [...en, ...tr].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k);
if (onlyEn.length || onlyTr.length || empty.length) {
  console.error(
    `locales differ: only in en: ${onlyEn.join(', ') || '-'}; only in tr: ${onlyTr.join(', ') || '-'}; empty: ${empty.join(', ') || '-'}`,
  );
  process.exit(1);
}
console.log(`locales: ${en.size} keys in en and tr`);
