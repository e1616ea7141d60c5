import { i18next } from './i18n';

/**
 * Blueprint 6 names a few of its own buttons in fixed English (a dialog's and a toast's close
 * button: aria-label "Close") with no prop to change it, so a Turkish screen reader heard English.
 * Dialogs and toasts live in Blueprint's portals: this watches those (not the whole page, whose
 * lists churn rows) and names such buttons in the reader's language as they appear.
 */
const FIXED: Record<string, string> = { Close: 'shell.close' };
const PORTAL = 'bp6-portal';

function relabel(root: Element) {
  for (const button of root.querySelectorAll<HTMLElement>('[aria-label]')) {
    const key = FIXED[button.dataset.fixedLabel ?? button.getAttribute('aria-label') ?? ''];
    if (!key || !i18next.exists(key)) continue;
    button.dataset.fixedLabel ??= button.getAttribute('aria-label') ?? '';
    button.setAttribute('aria-label', i18next.t(key));
  }
}

export function translateBlueprintLabels(): void {
  const inPortal = new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) if (node instanceof Element) relabel(node);
  });
  const watch = (node: Node) => {
    if (!(node instanceof Element) || !node.classList.contains(PORTAL)) return;
    relabel(node);
    inPortal.observe(node, { childList: true, subtree: true });
  };
  new MutationObserver((records) => {
    for (const record of records) record.addedNodes.forEach(watch);
  }).observe(document.body, { childList: true });
  document.body.childNodes.forEach(watch);
}
