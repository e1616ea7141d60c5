import { useEffect } from 'react';

/** How long a new screen may take to show its heading (its chunk, its document) before main takes focus. */
const HEADING_WAIT_MS = 8000;

/** The screen key of the last screen shown: the page load's first screen keeps focus where the browser put it. */
let shownKey: string | null = null;

/**
 * Focus to the new screen after a navigation (WCAG 2.4.3): its h1 (made focusable, not tabbable),
 * or `main` when no heading shows in time. Without it focus fell to the page body on every route
 * change, and a keyboard user started again from the top of the shell. Left alone when the screen
 * focused something itself (a questionnaire's item, a dialog) or the user moved on meanwhile.
 */
export function useFocusOnArrival(screenKey: string): void {
  useEffect(() => {
    const first = shownKey === null;
    const same = shownKey === screenKey;
    shownKey = screenKey;
    // the page load (and React's development double run of it) is no navigation
    if (first || same) return;
    return focusScreenWhenShown(document.activeElement);
  }, [screenKey]);
}

function focusScreenWhenShown(before: Element | null): () => void {
  const main = document.querySelector<HTMLElement>('main');
  if (!main) return () => {};
  // anything focused since, other than what was focused at the navigation, is someone's choice
  const focusMoved = () => {
    const active = document.activeElement;
    return active !== null && active !== document.body && active !== before && active.isConnected;
  };
  const tryHeading = (): boolean => {
    if (focusMoved()) return true;
    const heading = main.querySelector<HTMLElement>('h1');
    if (!heading) return false;
    focusWithin(heading);
    return true;
  };
  if (tryHeading()) return () => {};

  const observer = new MutationObserver(() => tryHeading() && stop());
  const timer = window.setTimeout(() => {
    if (!focusMoved()) focusWithin(main);
    stop();
  }, HEADING_WAIT_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(main, { childList: true, subtree: true });
  return stop;
}

/** Focus an element that is no control: reachable by script, not added to the tab order. */
function focusWithin(element: HTMLElement) {
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus();
}
