/**
 * Runs `work` in a task once the next frame is on screen, as near as a page can tell: after the frame
 * that follows it has begun; returns a cancel. For what a click causes but need not hold its frame
 * back: the request that follows a local re-sort (the server's sort of every row), the URL that records
 * it (a render of the route). Run as soon as the frame's main-thread part was done, they took the two
 * cores from the compositor and raster still drawing that frame.
 */
export function afterPaint(work: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let frame = 0;
  frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(() => {
      timer = setTimeout(work);
    });
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * Runs `work` when the browser is idle (by `timeout` ms at the latest), with the idle period's deadline;
 * returns a cancel. Safari has no requestIdleCallback: a short timeout stands in, with no deadline.
 */
export function whenIdle(work: (deadline?: IdleDeadline) => void, timeout?: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, timeout === undefined ? undefined : { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(() => work(), 50);
  return () => clearTimeout(timer);
}

/** The Prioritized Task Scheduling API (Chromium, Firefox, Safari 18.4+). */
interface TaskScheduler {
  postTask: (work: () => void, options: { priority: 'background' }) => Promise<unknown>;
}

/**
 * Runs `work` in a task of its own at background priority: after what input and rendering need, yet
 * without waiting for a long idle period, which a busy page (or a busy machine) may not give before
 * the user acts. Without a task scheduler, when the browser is idle (with its deadline). Returns a cancel.
 */
export function inBackground(work: (deadline?: IdleDeadline) => void): () => void {
  const scheduler = (globalThis as { scheduler?: TaskScheduler }).scheduler;
  if (typeof scheduler?.postTask !== 'function') return whenIdle(work);
  // a flag rather than the task's abort signal: an abort rejects the task's promise with an error
  // made on the spot, in the render that cancels (a header click re-plans the orders)
  let cancelled = false;
  void scheduler.postTask(
    () => {
      if (!cancelled) work();
    },
    { priority: 'background' },
  );
  return () => {
    cancelled = true;
  };
}
