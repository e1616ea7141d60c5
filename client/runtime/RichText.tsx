import { createElement, type ReactNode } from 'react';
import { ALLOWED_TAGS, SAFE_HREF, sanitizedFragment } from './sanitize';
import './rich-text.css';

const ALLOWED = new Set(ALLOWED_TAGS);

/** A sanitised DOM node as React: allowed tags only, `href` the only attribute, links open apart. */
function toReact(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  const children = Array.from(element.childNodes, toReact);
  if (!ALLOWED.has(tag)) return children; // DOMPurify already dropped these; belt and braces
  if (tag === 'br') return <br key={key} />;
  if (tag === 'a') {
    const href = element.getAttribute('href') ?? '';
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

/** Limited HTML (a tooltip, a text panel) shown safely: sanitised, then built as React elements. */
export function RichText({ html, className }: { html: string; className?: string }) {
  const nodes = Array.from(sanitizedFragment(html).childNodes, toReact);
  return <div className={className ?? 'rich-text'}>{nodes}</div>;
}
