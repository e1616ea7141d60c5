import { describe, expect, expectTypeOf, it } from 'vitest';
import { EventEmitter } from '../../../server/events/event-emitter';

interface TestEvents {
  'thing.made': { id: string };
  'thing.gone': { id: string; reason: number };
}

describe('EventEmitter', () => {
  it('awaits the subscribers one after another, in the order they subscribed', async () => {
    const events = new EventEmitter<TestEvents>();
    const seen: string[] = [];
    events.on('thing.made', async ({ id }) => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      seen.push(`first ${id}`);
    });
    events.on('thing.made', ({ id }) => {
      seen.push(`second ${id}`);
    });
    events.on('thing.gone', ({ id }) => {
      seen.push(`gone ${id}`);
    });
    await events.emit('thing.made', { id: 'a' });
    expect(seen).toEqual(['first a', 'second a']);
  });

  it('types each payload by its event name', () => {
    const events = new EventEmitter<TestEvents>();
    events.on('thing.gone', (payload) => {
      expectTypeOf(payload).toEqualTypeOf<{ id: string; reason: number }>();
    });
    // @ts-expect-error: thing.gone needs its reason
    void events.emit('thing.gone', { id: 'a' });
    // @ts-expect-error: no such event
    void events.emit('thing.lost', { id: 'a' });
  });

  it('rejects with the first error and runs no subscriber after it', async () => {
    const events = new EventEmitter<TestEvents>();
    const seen: string[] = [];
    events.on('thing.made', () => {
      seen.push('first');
    });
    events.on('thing.made', async () => {
      throw new Error('boom');
    });
    events.on('thing.made', () => {
      seen.push('third');
    });
    await expect(events.emit('thing.made', { id: 'a' })).rejects.toThrow('boom');
    expect(seen).toEqual(['first']);
  });

  it('emits to no one without subscribers, and unsubscribes', async () => {
    const events = new EventEmitter<TestEvents>();
    await expect(events.emit('thing.made', { id: 'a' })).resolves.toBeUndefined();
    const seen: string[] = [];
    const off = events.on('thing.made', ({ id }) => {
      seen.push(id);
    });
    await events.emit('thing.made', { id: 'a' });
    off();
    await events.emit('thing.made', { id: 'b' });
    expect(seen).toEqual(['a']);
  });
});
