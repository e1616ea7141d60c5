/** `yyyy-MM`, months 01–12. */
export const PERIOD_PATTERN = '^[0-9]{4}-(0[1-9]|1[0-2])$';

/** The first instant after the month `yyyy-MM` (UTC): a monthly report covers what happened before it. */
export function periodEnd(period: string): Date {
  const [year, month] = period.split('-').map(Number);
  return new Date(Date.UTC(year ?? 0, month ?? 0, 1));
}

/** The first instant of the month (UTC). */
export function periodStart(period: string): Date {
  const [year, month] = period.split('-').map(Number);
  return new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, 1));
}

/** The month `at` falls in, `yyyy-MM` (UTC). */
export function periodOf(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** Whether the month is over at `now`, so its report can be made. */
export function periodEnded(period: string, now: Date): boolean {
  return periodEnd(period).getTime() <= now.getTime();
}
