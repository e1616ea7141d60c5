import { afterEach, describe, expect, it, vi } from 'vitest';
import { startBootRead, takeBootAnswer, takeBootRead } from '../../../client/runtime/bootReads';

describe('boot reads: started with the first page, taken once by its screen', () => {
  afterEach(() => vi.useRealTimers());

  it('hands the started read to the first taker only', async () => {
    const read = vi.fn(async () => ({ answers: { q1: 'yes' } }));
    startBootRead('record:/saq/1', read);
    await expect(takeBootRead('record:/saq/1')).resolves.toEqual({ answers: { q1: 'yes' } });
    expect(takeBootRead('record:/saq/1')).toBeUndefined();
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('does not hand out a read older than ten seconds (the screen reads afresh)', () => {
    vi.useFakeTimers();
    startBootRead('record:/saq/2', async () => 'old');
    vi.advanceTimersByTime(10_001);
    expect(takeBootRead('record:/saq/2')).toBeUndefined();
  });

  it('starts no read for a key its screen has already read itself: a later read of it asks afresh', () => {
    // the list rendered before the boot got to its first page, then ran an action and reads again
    expect(takeBootRead('list-page:/wbe/api/pci-request-ids')).toBeUndefined();
    const late = vi.fn(async () => ({ items: [] }));
    expect(startBootRead('list-page:/wbe/api/pci-request-ids', late)).toBeUndefined();
    expect(late).not.toHaveBeenCalled();
    expect(takeBootRead('list-page:/wbe/api/pci-request-ids')).toBeUndefined();
  });

  it('keeps a failed read nobody took from being reported unhandled', async () => {
    const failing = startBootRead('record:/saq/3', async () => {
      throw new Error('401');
    });
    await expect(failing).rejects.toThrow('401');
  });

  it('hands out an answer already in (for a first render), once; a read still out stays to be taken', async () => {
    let release: (value: string) => void = () => {};
    const pending = startBootRead('list-page:a', () => new Promise<string>((resolve) => (release = resolve)));
    expect(takeBootAnswer('list-page:a')).toBeUndefined();
    release('rows');
    await pending;
    expect(takeBootAnswer('list-page:a')).toEqual({ value: 'rows' });
    expect(takeBootAnswer('list-page:a')).toBeUndefined();
    expect(takeBootRead('list-page:a')).toBeUndefined();
  });
});
