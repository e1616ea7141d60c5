/**
 * Country names as the consolidated lists write them ("Iran (Islamic Republic of)", "Syrian Arab
 * Republic") to ISO 3166-1 alpha-2, so a screened country compares with a listed one. English
 * region names come from Intl (no table to keep); the lists' UN-style long forms are added. Pure.
 */
import { foldName } from './normalize';

/** The UN's and OFAC's forms Intl does not use. */
const LONG_FORMS: Record<string, string> = {
  'iran islamic republic of': 'IR',
  'democratic peoples republic of korea': 'KP',
  'korea north': 'KP',
  'republic of korea': 'KR',
  'syrian arab republic': 'SY',
  'russian federation': 'RU',
  'venezuela bolivarian republic of': 'VE',
  'bolivia plurinational state of': 'BO',
  'lao peoples democratic republic': 'LA',
  'united republic of tanzania': 'TZ',
  'republic of moldova': 'MD',
  'viet nam': 'VN',
  turkiye: 'TR',
  turkey: 'TR',
  burma: 'MM',
  'united states of america': 'US',
  'united kingdom of great britain and northern ireland': 'GB',
};

let byName: Map<string, string> | undefined;

function names(): Map<string, string> {
  if (byName) return byName;
  byName = new Map(Object.entries(LONG_FORMS));
  const display = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  for (let first = 65; first <= 90; first += 1) {
    for (let second = 65; second <= 90; second += 1) {
      const code = String.fromCharCode(first, second);
      const name = display.of(code);
      if (name && !byName.has(foldName(name))) byName.set(foldName(name), code);
    }
  }
  return byName;
}

/** The alpha-2 code of a country written as a code or a name; undefined when it is neither. */
export function countryCode(text: string): string | undefined {
  const trimmed = text.trim();
  if (/^[A-Za-z]{2}$/.test(trimmed)) return trimmed.toUpperCase();
  return names().get(foldName(trimmed));
}
