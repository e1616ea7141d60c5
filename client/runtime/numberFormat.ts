/**
 * One Intl.NumberFormat per language for the lists' numbers (cells, pager): the first one a page
 * makes loads ICU's number data, 15–25 ms on a busy core, so the list's first rows ask for it while
 * they are read (client/screens/list/firstPage.ts) rather than in the render that shows them.
 */
const formats = new Map<string, Intl.NumberFormat>();

export function numberFormat(language: string): Intl.NumberFormat {
  let format = formats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language);
    formats.set(language, format);
  }
  return format;
}
