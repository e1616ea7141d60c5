/**
 * Database error signatures (server/scans/data/sql-errors.json, per engine) found in a response.
 * A quote that breaks a query makes an injectable page print its engine's syntax error; comparing
 * with the unmodified response keeps a page that always shows such text (a help article, a log
 * viewer) from counting.
 */

export interface SqlErrorTable {
  engines: { engine: string; patterns: string[] }[];
}

export interface SqlErrorMatch {
  engine: string;
  /** The matched text with tags stripped, at most 160 characters: the evidence. */
  text: string;
}

const plain = (html: string) => html.replace(/<[^>]*>/g, '').replace(/\s+/g, ' ');

/** Every engine whose signature the body shows, with the first matched text. */
export function databaseErrors(body: string, table: SqlErrorTable): SqlErrorMatch[] {
  const text = plain(body);
  const found: SqlErrorMatch[] = [];
  for (const { engine, patterns } of table.engines) {
    for (const pattern of patterns) {
      const match = new RegExp(pattern, 'i').exec(text);
      if (!match) continue;
      // the evidence: the sentence around the match, as the page printed it
      const start = Math.max(0, match.index - 40);
      found.push({ engine, text: text.slice(start, start + 160).trim() });
      break;
    }
  }
  return found;
}

/** The database errors the probe's response shows that the unmodified response did not. */
export function newDatabaseErrors(baseline: string, probed: string, table: SqlErrorTable): SqlErrorMatch[] {
  const before = new Set(databaseErrors(baseline, table).map((match) => match.engine));
  return databaseErrors(probed, table).filter((match) => !before.has(match.engine));
}
