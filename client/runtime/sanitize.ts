import DOMPurify from 'dompurify';
import { TIP_MARKUP } from '../../core/tooltips/tip-markup';

export { ALLOWED_TAGS, SAFE_HREF } from '../../core/tooltips/tip-markup';

const CONFIG = TIP_MARKUP;

/** The markup with only the allowed tags and safe hrefs left (DOMPurify in the browser's DOM). */
export function sanitizeTip(html: string): string {
  return DOMPurify.sanitize(html, { ...CONFIG, RETURN_TRUSTED_TYPE: false }) as string;
}

/** The same, as a DOM fragment that RichText turns into React elements (no innerHTML anywhere). */
export function sanitizedFragment(html: string): DocumentFragment {
  return DOMPurify.sanitize(html, { ...CONFIG, RETURN_DOM_FRAGMENT: true });
}
