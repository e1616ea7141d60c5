/**
 * OFAC's SDN list as published in CSV (sdn.csv, "SDN.CSV" in the legacy format): no header, twelve
 * columns — ent_num, SDN_Name, SDN_Type, Program, Title, Call_Sign, Vess_type, Tonnage, GRT,
 * Vess_flag, Vess_owner, Remarks — with "-0-" for an empty cell. Dates of birth, nationalities and
 * a.k.a.s sit in Remarks ("DOB 12 Mar 1962; nationality Iran; a.k.a. 'X'"), so they are read from
 * there. Pure: rows in, entries and per-row problems out.
 */
import Papa from 'papaparse';
import { countryCode } from './countries';
import type { ImportedRow } from './import.types';
import type { PartyType } from './sanctions.types';

export const OFAC_COLUMNS = [
  'ent_num',
  'SDN_Name',
  'SDN_Type',
  'Program',
  'Title',
  'Call_Sign',
  'Vess_type',
  'Tonnage',
  'GRT',
  'Vess_flag',
  'Vess_owner',
  'Remarks',
] as const;

const EMPTY = '-0-';
const cell = (value: string | undefined) => (value === undefined || value.trim() === EMPTY ? '' : value.trim());

/** SDN_Type: "individual" for people, empty for entities; vessels and aircraft are not screened parties. */
function typeOf(raw: string): PartyType | 'other' {
  if (raw === '') return 'entity';
  if (raw.toLowerCase() === 'individual') return 'individual';
  return 'other';
}

/** Every 'a.k.a.' of the remarks, quotes dropped. */
function akas(remarks: string): string[] {
  return [...remarks.matchAll(/a\.k\.a\.\s*'([^']+)'/gi)].map((match) => match[1].trim());
}

export function readOfacCsv(text: string, listId: string): ImportedRow[] {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { delimiter: ',', skipEmptyLines: 'greedy' });
  return parsed.data.map((cells, index): ImportedRow => {
    const line = index + 1;
    if (cells.length !== OFAC_COLUMNS.length) {
      return { line, problems: [{ column: '', message: 'sanctions.import.columnCount' }] };
    }
    const [ref, name, rawType, programmes, , , , , , , , rawRemarks] = cells.map(cell);
    const problems: ImportedRow['problems'] = [];
    if (!/^[0-9]{1,10}$/.test(ref)) problems.push({ column: 'ent_num', message: 'sanctions.import.badRef' });
    if (name === '') problems.push({ column: 'SDN_Name', message: 'sanctions.import.nameRequired' });
    const type = typeOf(rawType);
    const birth = /\bDOB\s+(?:[0-9]{1,2}\s+[A-Za-z]{3}\s+)?(?:[A-Za-z]{3}\s+)?([0-9]{4})\b/.exec(rawRemarks);
    const countries = [...rawRemarks.matchAll(/\b(?:nationality|citizen)\s+([A-Za-z ,()']+?)(?:;|\.|$)/gi)]
      .map((match) => countryCode(match[1]))
      .filter((code): code is string => code !== undefined);
    if (problems.length > 0) return { line, problems };
    // vessels and aircraft are listed property, not a party a name is screened against
    if (type === 'other') return { line, problems, skipped: true };
    return {
      line,
      problems,
      entry: {
        listId,
        ref,
        // OFAC writes people "SURNAME, Given Names"; word order does not matter to the matcher
        name,
        aliases: akas(rawRemarks),
        type,
        countries: [...new Set(countries)],
        ...(birth ? { birthYear: Number(birth[1]) } : {}),
        programmes: programmes.replace(/[[\]]/g, ''),
        remarks: rawRemarks.slice(0, 1000),
      },
    };
  });
}
