/**
 * Runs `work` in a task after the next frame is painted; returns a cancel. For what a click causes but
 * need not hold its frame back: the request that follows a local re-sort, the URL that records it.
 */
export function afterPaint(work: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(work);
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
