/** What reading a list file makes of each row (docs/domain/sanctions.md 'Importing a list'). Pure. */
import type { SanctionsEntry } from './sanctions.types';

export const LIST_FORMATS = ['ofac-csv', 'un-xml'] as const;
export type ListFormat = (typeof LIST_FORMATS)[number];

/** One row (CSV line, or XML record in document order) and why it was refused, if it was. */
export interface ImportedRow {
  line: number;
  problems: { column: string; message: string }[];
  /** The party, when the row holds one and nothing is wrong with it. */
  entry?: Omit<SanctionsEntry, 'id'>;
  /** A well-formed row that names no party (a vessel, an aircraft): neither imported nor a problem. */
  skipped?: boolean;
}
