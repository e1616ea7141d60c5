import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAnswerSaver } from '../../../client/screens/questionnaire/answerSaver';

// Saving each answer as it is given: choices at once, typing after a pause, one send at a time
// with the latest value, refusals kept with their reasons until saved.

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function saverWith(send: (id: string, value: unknown) => Promise<void>) {
  return createAnswerSaver({
    send,
    isTyped: (id) => id.startsWith('text'),
    explain: (error) => [String((error as Error).message)],
    delayMs: 500,
  });
}

describe('answer saver', () => {
  it('sends a choice at once and typing once after the pause, with the latest text', async () => {
    const sent: [string, unknown][] = [];
    const saver = saverWith(async (id, value) => void sent.push([id, value]));
    saver.answer('q1', 'inPlace');
    saver.answer('textName', 'D');
    saver.answer('textName', 'Demo');
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([['q1', 'inPlace']]);
    expect(saver.state().saving).toBe(true);
    await vi.advanceTimersByTimeAsync(500);
    expect(sent).toEqual([
      ['q1', 'inPlace'],
      ['textName', 'Demo'],
    ]);
    expect(saver.state()).toEqual({ saving: false, failed: [] });
  });

  it('sends one at a time in order, each with its newest value', async () => {
    const sent: unknown[] = [];
    let release: () => void = () => undefined;
    const saver = saverWith(
      (id, value) =>
        new Promise<void>((resolve) => {
          sent.push(`${id}=${String(value)}`);
          release = resolve;
        }),
    );
    saver.answer('q1', 'a');
    saver.answer('q2', 'x');
    saver.answer('q2', 'y'); // queued, not yet sent: one send of q2 with 'y'
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual(['q1=a']);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual(['q1=a', 'q2=y']);
    release();
    await saver.flush();
    expect(sent).toEqual(['q1=a', 'q2=y']);
  });

  it('lists a refused answer with its reasons until a retry saves it; flush sends what waits', async () => {
    let refuse = true;
    const sent: unknown[] = [];
    const saver = saverWith(async (id, value) => {
      if (refuse) throw new Error('Enter a valid email');
      sent.push([id, value]);
    });
    const seen = vi.fn();
    saver.subscribe(seen);
    saver.answer('q1', 'bad');
    await saver.flush();
    expect(saver.state().failed).toEqual([{ item: 'q1', messages: ['Enter a valid email'] }]);
    expect(seen).toHaveBeenCalled();
    refuse = false;
    saver.retry();
    saver.answer('textNote', 'typed');
    await saver.flush(); // the typed answer goes now, without waiting for the pause
    expect(sent).toEqual([
      ['q1', 'bad'],
      ['textNote', 'typed'],
    ]);
    expect(saver.state()).toEqual({ saving: false, failed: [] });
  });

  it('tells the status line of a send once it has taken slowMs, of typing waiting for its pause at once', async () => {
    let release: () => void = () => undefined;
    const saver = createAnswerSaver({
      send: () => new Promise<void>((resolve) => (release = resolve)),
      isTyped: (id) => id.startsWith('text'),
      explain: () => [],
      slowMs: 500,
    });
    const seen = vi.fn();
    saver.subscribe(seen);
    const idle = saver.status();
    saver.answer('q1', 'inPlace');
    await vi.advanceTimersByTimeAsync(100);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(saver.status()).toBe(idle);
    expect(seen).not.toHaveBeenCalled();
    saver.answer('q1', 'notInPlace');
    await vi.advanceTimersByTimeAsync(500);
    expect(saver.status()).toEqual({ saving: true, failed: [] });
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(saver.status()).toEqual({ saving: false, failed: [] });
    expect(seen).toHaveBeenCalledTimes(2);
    saver.answer('textName', 'D');
    saver.answer('textName', 'Demo');
    expect(saver.status()).toEqual({ saving: true, failed: [] });
    expect(seen).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(700);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(saver.status()).toEqual({ saving: false, failed: [] });
  });

  it('still sends a typed answer when the screen goes away before the pause', async () => {
    const sent: unknown[] = [];
    const saver = saverWith(async (id, value) => void sent.push([id, value]));
    saver.answer('textName', 'Demo');
    saver.dispose();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([['textName', 'Demo']]);
  });
});
