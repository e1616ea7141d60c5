/**
 * Awareness reports (admin): a batch makes one report of kind `awareness` per organisation it picks;
 * the batch is a record of the resource `awareness-batch` (docs/domain/reports.md 'Awareness reports').
 */
export const AWARENESS_BATCH_RESOURCE = 'awareness-batch';

/** Which organisations a batch covers: the ones picked, or every active one of a kind (or of both). */
export const BATCH_ORGANIZATION_CHOICES = ['selected', 'merchant', 'bank', 'all'] as const;

/** A batch while its reports are made, then how it went: all made, some failed, none made. */
export const BATCH_STATUSES = ['generating', 'ready', 'partial', 'failed'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

/** What creating a batch sends (`POST /wbe/api/admin/awareness/batches`). */
export interface AwarenessBatchInput {
  name: string;
  organizationKind: (typeof BATCH_ORGANIZATION_CHOICES)[number];
  /** With `selected`: the organisations' ids. */
  organizationIds?: string[];
  /** A template of the admin's organisation; its default when absent. */
  templateId?: string;
  /** The month the batch is for, `yyyy-MM` (default: this month); the figures are as of generation. */
  period?: string;
  /** The reports' language when no template sets it (default: the admin's report language). */
  language?: 'en' | 'tr';
}
