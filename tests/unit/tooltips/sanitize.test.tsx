// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RichText } from '../../../client/runtime/RichText';
import { sanitizeTip } from '../../../client/runtime/sanitize';

afterEach(cleanup);

// The payloads the issue names: script elements, event handlers, javascript: URLs, <img onerror>.
const PAYLOADS = [
  '<script>window.__pwned = true</script>before',
  '<img src=x onerror="window.__pwned = true">',
  '<b onclick="window.__pwned = true">bold</b>',
  '<a href="javascript:window.__pwned = true">link</a>',
  '<a href="  JaVaScRiPt:window.__pwned=true">spaced</a>',
  '<a href="data:text/html,<script>window.__pwned=true</script>">data</a>',
  '<svg><script>window.__pwned = true</script></svg>',
  '<p style="background:url(javascript:x)" onmouseover="window.__pwned = true">p</p>',
  '<iframe src="javascript:window.__pwned = true"></iframe>',
  '<a href="https://example.com" onfocus="window.__pwned = true" target="_self">ok</a>',
];

function renderTip(html: string): HTMLElement {
  return render(<RichText html={html} />).container;
}

function expectInert(root: ParentNode) {
  expect(root.querySelector('script, img, svg, iframe, style')).toBeNull();
  for (const element of root.querySelectorAll('*')) {
    for (const attribute of element.getAttributeNames()) {
      expect(attribute.startsWith('on'), `${element.tagName} ${attribute}`).toBe(false);
      expect(['href', 'target', 'rel', 'class']).toContain(attribute);
    }
    const href = element.getAttribute('href');
    if (href !== null) expect(href).toMatch(/^(https?:|mailto:)/);
  }
}

describe('tip formatting is sanitised with DOMPurify (b, i, em, strong, a href, ul, ol, li, p, br, code)', () => {
  it.each(PAYLOADS.map((html) => [html]))('renders %s inert', (html) => {
    const alert = vi.fn();
    window.alert = alert;
    const container = renderTip(html);
    expectInert(container);
    const string = document.createElement('div');
    string.innerHTML = sanitizeTip(html);
    expectInert(string);
    expect((window as unknown as { __pwned?: boolean }).__pwned).toBeUndefined();
    expect(alert).not.toHaveBeenCalled();
  });

  it('drops a script with its text, keeps the text around it', () => {
    expect(renderTip('<script>evil()</script>before').textContent).toBe('before');
    expect(sanitizeTip('<script>evil()</script>before')).toBe('before');
  });

  it('keeps a javascript: link only as its text', () => {
    const container = renderTip('<a href="javascript:alert(1)">link</a>');
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toBe('link');
  });

  it('keeps the allowed formatting and opens links apart with rel=noopener', () => {
    const html =
      '<p><b>b</b> <i>i</i> <em>em</em> <strong>strong</strong> <code>code</code><br>line</p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><a href="mailto:help@example.com">mail</a>' +
      '<a href="https://example.com/x?y=1">web</a>';
    const container = renderTip(html);
    for (const tag of ['p', 'b', 'i', 'em', 'strong', 'code', 'br', 'ul', 'ol', 'li']) {
      expect(container.querySelector(tag), tag).not.toBeNull();
    }
    const links = [...container.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['mailto:help@example.com', 'https://example.com/x?y=1']);
    for (const link of links) {
      expect(link.getAttribute('rel')).toContain('noopener');
      expect(link.getAttribute('target')).toBe('_blank');
    }
  });

  it('removes tags outside the list but keeps their text', () => {
    const container = renderTip('<h1>Title</h1><div><span class="x" id="y">text</span></div><u>u</u>');
    expect(container.querySelector('h1, span, u')).toBeNull();
    expect(container.textContent).toBe('Titletextu');
    expect(sanitizeTip('<span id="y" data-x="1" aria-label="z">t</span>')).toBe('t');
  });
});
