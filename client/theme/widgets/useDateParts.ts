import {
  type DateObject,
  getDateElementProps,
  pad,
  parseDateString,
  toDateString,
  type WidgetProps,
} from '@rjsf/utils';
import { type MouseEvent, useEffect, useState } from 'react';

// a stored date (or date-time) read as written, so an impossible one is shown as it was chosen
const WRITTEN = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}):(\d{2}))?/;

const UNSET = -1;

/** Whether the day exists in that month and year (Date.UTC rolls 30 February over into March). */
export function dateExists({ year, month, day }: DateObject): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const complete = (parts: DateObject) => Object.values(parts).every((part) => part !== UNSET);

/** The parts of a stored value: as RJSF reads them, but an impossible date as written, not rolled over. */
function partsOf(value: unknown, time: boolean): DateObject {
  const written = typeof value === 'string' ? WRITTEN.exec(value) : null;
  if (written) {
    const [year, month, day, hour = 0, minute = 0, second = 0] = written.slice(1).map((part) => Number(part ?? 0));
    const parts = { year, month, day, hour, minute, second };
    if (!dateExists(parts)) return parts;
  }
  try {
    return parseDateString(value as string | undefined, time);
  } catch {
    return parseDateString(undefined, time); // nothing readable: every part unchosen
  }
}

/** The value to store: RJSF's UTC string, or for an impossible date what was chosen, which format date refuses. */
function storedValue(parts: DateObject, time: boolean): string {
  if (dateExists(parts)) return toDateString(parts, time);
  const date = `${pad(parts.year, 4)}-${pad(parts.month, 2)}-${pad(parts.day, 2)}`;
  const { hour = 0, minute = 0, second = 0 } = parts;
  return time ? `${date}T${pad(hour, 2)}:${pad(minute, 2)}:${pad(second, 2)}.000Z` : date;
}

/**
 * RJSF's useAltDateWidgetProps without its silent roll-over: the chosen year, month and day… are
 * kept; once all are chosen the value is handed on, an impossible date too (30 February stays
 * 30 February, which `format: date` refuses) and `impossible` says so for the widget to show.
 */
export function useDateParts(props: WidgetProps & { time?: boolean }) {
  const { time = false, disabled = false, readonly = false, options, onChange, value } = props;
  const [parts, setParts] = useState(() => partsOf(value, time));
  useEffect(() => setParts(partsOf(value, time)), [value, time]);
  const choose = (type: keyof DateObject, chosen: string | undefined) => {
    const next = { ...parts, [type]: chosen === undefined ? UNSET : Number(chosen) };
    setParts(next);
    if (complete(next)) onChange(storedValue(next, time));
  };
  const button = (act: () => void) => (event: MouseEvent) => {
    event.preventDefault();
    if (!disabled && !readonly) act();
  };
  return {
    elements: getDateElementProps(parts, time, options.yearsRange, options.format),
    impossible: complete(parts) && !dateExists(parts),
    choose,
    clear: button(() => onChange(undefined)),
    setNow: button(() => onChange(toDateString(parseDateString(new Date().toJSON(), time), time))),
  };
}
