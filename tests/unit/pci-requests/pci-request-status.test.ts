import { describe, expect, it } from 'vitest';
import {
  documentColumn,
  PCI_REQUEST_STATUSES,
  quotaOf,
  requestIdState,
  requestStatus,
  saqColumn,
} from '../../../core/pci-requests/pci-request-status';

const NOW = new Date('2026-06-15T12:00:00Z');
const saq = (
  status: string,
  extra: Partial<{ compliance: string; validatedCompliance: string; expiresAt: string; bankId: string }> = {},
) => ({
  status,
  compliance: extra.compliance ?? null,
  validatedCompliance: extra.validatedCompliance ?? null,
  expiresAt: extra.expiresAt ?? null,
  bankId: extra.bankId ?? null,
});

describe('PCI request statuses (domain §4)', () => {
  it('reads the SAQ column from the level and the SAQ', () => {
    const column = (level: number | null, record: ReturnType<typeof saq> | null) =>
      saqColumn({ level, saq: record }, 'bank', NOW);
    expect(column(null, null)).toBe('noLevel');
    expect(column(1, saq('waiting'))).toBe('notRequired');
    expect(column(4, null)).toBe('inProgress');
    expect(column(null, saq('waiting'))).toBe('inProgress');
    expect(column(4, saq('completed'))).toBe('awaitingSignature');
    expect(column(4, saq('pending'))).toBe('awaitingSignature');
    expect(column(4, saq('signed', { expiresAt: '2027-01-01T00:00:00Z' }))).toBe('signed');
    const given = { expiresAt: '2027-01-01T00:00:00Z', bankId: 'bank' };
    expect(column(4, saq('submitted', { ...given, compliance: 'compliant' }))).toBe('completed');
    expect(column(4, saq('submitted', { ...given, compliance: 'legalException' }))).toBe('completed');
    expect(column(4, saq('submitted', { ...given, compliance: 'nonCompliant' }))).toBe('nonCompliant');
    expect(column(4, saq('submitted', { ...given, bankId: 'other', compliance: 'compliant' }))).toBe('signed');
    // the bank's decision wins over the merchant's declaration; a returned SAQ is not compliant
    const declared = { ...given, compliance: 'compliant' };
    expect(column(4, saq('validated', { ...declared, validatedCompliance: 'nonCompliant' }))).toBe('nonCompliant');
    expect(column(4, saq('validated', { ...declared, validatedCompliance: 'compliant' }))).toBe('completed');
    expect(column(4, saq('returned', declared))).toBe('nonCompliant');
    // an attestation lapses a year after signing, at its very instant
    expect(column(4, saq('submitted', { ...given, expiresAt: NOW.toISOString(), compliance: 'compliant' }))).toBe(
      'expired',
    );
  });

  it('reads the ASV and AoC columns from whether one is needed and the newest one’s validity', () => {
    expect(documentColumn({ required: false, validUntil: null }, NOW)).toBe('notRequired');
    expect(documentColumn({ required: true, validUntil: null }, NOW)).toBe('uploadRequired');
    expect(documentColumn({ required: true, validUntil: '2026-06-15' }, NOW)).toBe('expired');
    expect(documentColumn({ required: true, validUntil: '2026-06-16' }, NOW)).toBe('waitingCheck');
  });

  it('names the column that most needs the merchant, completed when nothing does', () => {
    expect(requestStatus(['noLevel', 'uploadRequired', 'notRequired'])).toBe('noLevel');
    expect(requestStatus(['completed', 'expired', 'notRequired'])).toBe('expired');
    expect(requestStatus(['nonCompliant', 'uploadRequired', 'notRequired'])).toBe('nonCompliant');
    expect(requestStatus(['signed', 'uploadRequired', 'notRequired'])).toBe('uploadRequired');
    expect(requestStatus(['signed', 'waitingCheck', 'notRequired'])).toBe('signed');
    expect(requestStatus(['completed', 'waitingCheck', 'notRequired'])).toBe('waitingCheck');
    expect(requestStatus(['completed', 'notRequired', 'notRequired'])).toBe('completed');
    expect(requestStatus(['notRequired', 'notRequired', 'notRequired'])).toBe('notRequired');
    expect(PCI_REQUEST_STATUSES).toHaveLength(10);
  });

  it('gives a request ID its state and quota', () => {
    const id = { dueDate: '2026-06-15', limit: 3 };
    expect(requestIdState(id, 0, NOW)).toBe('active'); // the due date is the last day
    expect(requestIdState({ ...id, dueDate: '2026-06-14' }, 0, NOW)).toBe('expired');
    expect(requestIdState(id, 3, NOW)).toBe('usedUp');
    expect(requestIdState({ ...id, revoked: true }, 0, NOW)).toBe('revoked');
    expect([quotaOf(3, 1), quotaOf(3, 5)]).toEqual([2, 0]);
  });
});
