/**
 * Time to interactive from navigation start, as bench/questionnaire.ts and bench/sign-in.ts measure
 * it: the later of a target element painted (Element Timing `renderTime` of its block) and the end
 * of the last long task (≥ 50 ms, Long Tasks API) before the first QUIET_MS with none after that
 * paint — Lighthouse's TTI with this paint for FCP, a 1 s quiet window instead of 5 s and no
 * network-quiet rule. Event Timing entries are kept on every instrumented page too.
 */
import type { BrowserContext, Page } from '@playwright/test';

const QUIET_MS = 1000;

/**
 * What every page of the bench runs before its own scripts: Event Timing entries kept; the label of
 * `target` (when given) marked for Element Timing as it is inserted, and once painted, the page
 * logs `bench:interactive <ms>` when QUIET ms have passed without a long task.
 */
function instrument({ target, quiet }: { target: string | null; quiet: number }) {
  type EventEntry = PerformanceEventTiming & { interactionId: number };
  const w = window as unknown as { __events: EventEntry[] };
  w.__events = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__events.push(e as EventEntry);
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  if (!target) return;
  const longTasks: { start: number; end: number }[] = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) longTasks.push({ start: e.startTime, end: e.startTime + e.duration });
  }).observe({ type: 'longtask', buffered: true });
  let painted = -1;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & { identifier: string; renderTime: number })[])
      if (e.identifier === 'bench-first' && painted < 0) {
        painted = e.renderTime || e.startTime;
        const check = () => {
          const after = longTasks.filter((t) => t.end > painted);
          const last = after.length ? Math.max(...after.map((t) => t.end)) : painted;
          if (performance.now() - last >= quiet) console.debug(`bench:interactive ${last} ${painted}`);
          else setTimeout(check, 100);
        };
        setTimeout(check, 100);
      }
  }).observe({ type: 'element', buffered: true });
  const mark = () => {
    let label = document.querySelector(target);
    if (!label) return false;
    // Chromium times text by its block: an inline label's text is its block ancestor's
    while (label.parentElement && getComputedStyle(label).display.startsWith('inline')) label = label.parentElement;
    label.setAttribute('elementtiming', 'bench-first');
    return true;
  };
  const observer = new MutationObserver(() => {
    if (mark()) observer.disconnect();
  });
  document.addEventListener('DOMContentLoaded', () => {
    if (!mark()) observer.observe(document.body, { childList: true, subtree: true });
  });
}

export async function instrumentedPage(context: BrowserContext, target: string | null): Promise<Page> {
  const page = await context.newPage();
  // tsx keeps function names with a __name helper; the functions passed to the page need it too
  await page.addInitScript('window.__name = (f) => f');
  await page.addInitScript(instrument, { target, quiet: QUIET_MS });
  page.on('pageerror', (error) => console.error('page error:', error.message));
  return page;
}

/** Navigates and waits for `bench:interactive`: [interactive, first item painted] from navigation start. */
export async function loadInteractive(page: Page, url: string): Promise<[number, number]> {
  const logged = page.waitForEvent('console', {
    predicate: (m) => m.text().startsWith('bench:interactive'),
    timeout: 60_000,
  });
  await page.goto(url);
  const message = await logged.catch(async (error) => {
    const labels = await page.evaluate(async () => {
      const entries = await new Promise<PerformanceEntryList>((resolve) => {
        new PerformanceObserver((l) => resolve(l.getEntries())).observe({ type: 'element', buffered: true });
        setTimeout(() => resolve([]), 500);
      });
      const paints = performance.getEntriesByType('paint').map((e) => `${e.name} ${e.startTime}`);
      return [JSON.stringify(entries), JSON.stringify(paints), document.querySelector('label')?.outerHTML ?? ''];
    });
    throw new Error(`${url}: not interactive (${labels.join(' ')}): ${error}`);
  });
  const [, interactive, painted] = message.text().split(' ');
  return [Number(interactive), Number(painted)];
}
