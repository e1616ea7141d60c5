import type { TipText, TooltipsBody } from '../../core/tooltips/tooltip.types';
import { TIP_MARKUP } from '../../core/tooltips/tip-markup';

type Clean = (html: string) => string;

let purifier: Promise<Clean> | undefined;

/**
 * DOMPurify over a jsdom window, made on the first tooltips save (jsdom is heavy to load and most
 * processes never save a tip). The same library and options as the browser, so what is stored is
 * what the browser would have shown.
 */
function purify(): Promise<Clean> {
  purifier ??= (async () => {
    const [{ default: createDOMPurify }, { JSDOM }] = await Promise.all([import('dompurify'), import('jsdom')]);
    const dompurify = createDOMPurify(new JSDOM('').window as unknown as Parameters<typeof createDOMPurify>[0]);
    return (html: string) => dompurify.sanitize(html, { ...TIP_MARKUP, RETURN_TRUSTED_TYPE: false }) as string;
  })();
  return purifier;
}

const isTipText = (value: unknown): value is TipText =>
  !!value &&
  typeof value === 'object' &&
  typeof (value as TipText).en === 'string' &&
  typeof (value as TipText).tr === 'string';

/**
 * A tooltips body as it is stored: every tip's HTML sanitised, so `GET /tooltip/list` — read by
 * anyone, before any browser cleans it — never serves a script. Other kinds, and members that are
 * not tip texts (the meta-schema refuses those at publish), pass unchanged.
 */
export async function storedBody(kind: string, body: unknown): Promise<unknown> {
  if (kind !== 'tooltips' || !body || typeof body !== 'object') return body;
  const tips = (body as Partial<TooltipsBody>).tips;
  if (!tips || typeof tips !== 'object') return body;
  const clean = await purify();
  const sanitised = Object.fromEntries(
    Object.entries(tips).map(([id, text]) => [id, isTipText(text) ? { en: clean(text.en), tr: clean(text.tr) } : text]),
  );
  return { ...body, tips: sanitised };
}

/**
 * A resource's fields as they are stored: each top-level string its schema marks as HTML
 * (`"contentMediaType": "text/html"`, an article's body) sanitised like a tip, so no record
 * ever serves a script to whoever shows it.
 */
export async function withRichTextSanitised(
  schema: { properties?: Record<string, unknown> } | undefined,
  fields: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const rich = Object.entries(schema?.properties ?? {})
    .filter(([name, property]) => {
      const media = (property as { contentMediaType?: unknown } | null)?.contentMediaType;
      return media === 'text/html' && typeof fields[name] === 'string';
    })
    .map(([name]) => name);
  if (rich.length === 0) return fields;
  const clean = await purify();
  return { ...fields, ...Object.fromEntries(rich.map((name) => [name, clean(fields[name] as string)])) };
}
