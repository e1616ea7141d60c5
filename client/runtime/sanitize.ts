import DOMPurify from 'dompurify';

/** The formatting a tip (or a page's text panel) may carry; everything else is dropped. */
export const ALLOWED_TAGS = ['b', 'i', 'em', 'strong', 'a', 'ul', 'ol', 'li', 'p', 'br', 'code'];
/** Links only to the web or mail: no javascript:, data: or relative URLs. */
export const SAFE_HREF = /^(?:https?:|mailto:)/i;

const CONFIG = {
  ALLOWED_TAGS,
  ALLOWED_ATTR: ['href'],
  ALLOWED_URI_REGEXP: SAFE_HREF,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  // the text of a dropped <script>/<style> goes too, not only the tag
  FORBID_CONTENTS: ['script', 'style', 'template', 'iframe', 'object', 'noscript', 'svg', 'math'],
};

/** The markup with only the allowed tags and safe hrefs left (DOMPurify in the browser's DOM). */
export function sanitizeTip(html: string): string {
  return DOMPurify.sanitize(html, { ...CONFIG, RETURN_TRUSTED_TYPE: false }) as string;
}

/** The same, as a DOM fragment that RichText turns into React elements (no innerHTML anywhere). */
export function sanitizedFragment(html: string): DocumentFragment {
  return DOMPurify.sanitize(html, { ...CONFIG, RETURN_DOM_FRAGMENT: true });
}
