import { createElement, type ReactNode } from 'react';
import { ALLOWED_TAGS, SAFE_HREF, TIP_MARKUP } from '../../core/tooltips/tip-markup';
import './rich-text.css';

const ALLOWED = new Set(ALLOWED_TAGS);
/** Elements dropped with everything inside them (a script's text is not shown either). */
const DROPPED = new Set(TIP_MARKUP.FORBID_CONTENTS);

/**
 * A node of the parsed markup as React: allowed tags only (others give way to their contents),
 * `href` the only attribute and only to the web or mail, links open apart. Text is React's text.
 */
function toReact(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (DROPPED.has(tag)) return null;
  const children = Array.from(element.childNodes, toReact);
  if (!ALLOWED.has(tag)) return children;
  if (tag === 'br') return <br key={key} />;
  if (tag === 'a') {
    const href = (element.getAttribute('href') ?? '').trim();
    return SAFE_HREF.test(href) ? (
      <a key={key} href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    ) : (
      <span key={key}>{children}</span>
    );
  }
  return createElement(tag, { key }, ...children);
}

/**
 * Limited HTML (a tooltip, a text panel) shown safely without a sanitiser library: DOMParser builds
 * an inert document (no script runs, nothing loads), and React elements are made from it by the
 * allow-list of core/tooltips/tip-markup.ts, so no markup string ever reaches the page's DOM.
 * The server sanitises tips with DOMPurify before it stores them (server/config/tip-sanitizer.ts).
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  return <div className={className ?? 'rich-text'}>{Array.from(body.childNodes, toReact)}</div>;
}
