/**
 * The formatting a tip (or a page's text panel) may carry, as DOMPurify options: the browser
 * sanitises with them before it shows a tip, the server before it stores one. Everything else is
 * dropped.
 */
export const ALLOWED_TAGS = ['b', 'i', 'em', 'strong', 'a', 'ul', 'ol', 'li', 'p', 'br', 'code'];
/** Links only to the web or mail: no javascript:, data: or relative URLs. */
export const SAFE_HREF = /^(?:https?:|mailto:)/i;

export const TIP_MARKUP = {
  ALLOWED_TAGS,
  ALLOWED_ATTR: ['href'],
  ALLOWED_URI_REGEXP: SAFE_HREF,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  // the text of a dropped <script>/<style> goes too, not only the tag
  FORBID_CONTENTS: ['script', 'style', 'template', 'iframe', 'object', 'noscript', 'svg', 'math'],
};
