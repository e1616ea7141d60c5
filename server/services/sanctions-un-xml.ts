/**
 * The UN Security Council consolidated list as published in XML (consolidated.xml):
 * CONSOLIDATED_LIST › INDIVIDUALS › INDIVIDUAL and ENTITIES › ENTITY, each with DATAID, FIRST_NAME …
 * FOURTH_NAME, UN_LIST_TYPE, *_ALIAS › ALIAS_NAME, NATIONALITY › VALUE, *_DATE_OF_BIRTH › DATE or YEAR,
 * *_ADDRESS › COUNTRY. Read with jsdom's XML parser (loaded on the first import: no DTD, no external
 * entities are fetched). Server-only because core has no DOM.
 */
import { countryCode } from '../../core/sanctions/countries';
import type { ImportedRow } from '../../core/sanctions/import.types';
import type { PartyType } from '../../core/sanctions/sanctions.types';
import { AppError } from '../http/app-error';

const text = (node: Element | null | undefined) => node?.textContent?.trim() ?? '';
const children = (parent: Element, tag: string) => [...parent.getElementsByTagName(tag)];

function record(element: Element, type: PartyType, line: number, listId: string): ImportedRow {
  const problems: ImportedRow['problems'] = [];
  const ref = text(element.getElementsByTagName('DATAID')[0]);
  if (!/^[0-9]{1,12}$/.test(ref)) problems.push({ column: 'DATAID', message: 'sanctions.import.badRef' });
  const name = ['FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME']
    .map((tag) => text(element.getElementsByTagName(tag)[0]))
    .filter((part) => part !== '')
    .join(' ');
  if (name === '') problems.push({ column: 'FIRST_NAME', message: 'sanctions.import.nameRequired' });
  const years = children(element, `${type === 'individual' ? 'INDIVIDUAL' : 'ENTITY'}_DATE_OF_BIRTH`).map((birth) => {
    const year = text(birth.getElementsByTagName('YEAR')[0]) || text(birth.getElementsByTagName('DATE')[0]).slice(0, 4);
    return year;
  });
  const year = years.find((each) => each !== '');
  if (year !== undefined && !/^(1[89]|20)[0-9]{2}$/.test(year)) {
    problems.push({ column: 'DATE_OF_BIRTH', message: 'sanctions.import.badBirthYear' });
  }
  if (problems.length > 0) return { line, problems };
  const countryNames = [
    ...children(element, 'NATIONALITY').flatMap((nationality) => children(nationality, 'VALUE').map(text)),
    ...children(element, 'COUNTRY').map(text),
  ];
  const countries = countryNames.map(countryCode).filter((code): code is string => code !== undefined);
  return {
    line,
    problems,
    entry: {
      listId,
      ref,
      name,
      aliases: children(element, 'ALIAS_NAME')
        .map(text)
        .filter((alias) => alias !== ''),
      type,
      countries: [...new Set(countries)],
      ...(year !== undefined ? { birthYear: Number(year) } : {}),
      programmes: text(element.getElementsByTagName('UN_LIST_TYPE')[0]),
      remarks: text(element.getElementsByTagName('COMMENTS1')[0]).slice(0, 1000),
    },
  };
}

/** Every INDIVIDUAL and ENTITY, numbered in document order; a file that is not the list is 422. */
export async function readUnXml(xml: string, listId: string): Promise<ImportedRow[]> {
  const { JSDOM } = await import('jsdom');
  let root: Element;
  try {
    root = new JSDOM(xml, { contentType: 'text/xml' }).window.document.documentElement;
  } catch {
    throw new AppError(422, 'sanctionsFileUnreadable');
  }
  if (root.nodeName !== 'CONSOLIDATED_LIST') throw new AppError(422, 'sanctionsFileUnreadable');
  const rows: ImportedRow[] = [];
  for (const element of [...root.getElementsByTagName('INDIVIDUAL'), ...root.getElementsByTagName('ENTITY')]) {
    rows.push(record(element, element.nodeName === 'INDIVIDUAL' ? 'individual' : 'entity', rows.length + 1, listId));
  }
  return rows;
}
