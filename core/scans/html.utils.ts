/**
 * Just enough HTML reading for the web checks: tags with their attributes, forms with their
 * inputs. A scanner reads what the server sent, so a tolerant regular-expression reader is enough
 * (no DOM on the server, and core/ stays free of one).
 */

export interface Tag {
  name: string;
  attributes: Record<string, string>;
}

const TAG = /<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)\s*\/?>/g;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;

export function tags(html: string): Tag[] {
  const found: Tag[] = [];
  for (const match of html.matchAll(TAG)) {
    const attributes: Record<string, string> = {};
    for (const attribute of (match[2] ?? '').matchAll(ATTRIBUTE))
      attributes[attribute[1].toLowerCase()] = attribute[2] ?? attribute[3] ?? attribute[4] ?? '';
    found.push({ name: match[1].toLowerCase(), attributes });
  }
  return found;
}

export interface MixedReference {
  tag: string;
  url: string;
  kind: 'active' | 'passive';
}

/**
 * Plain-http subresources of an https page, split as the W3C Mixed Content spec does: scripts,
 * styles, frames, objects and form targets are active (blockable); images and media are passive.
 */
export function mixedReferences(html: string): MixedReference[] {
  const references: MixedReference[] = [];
  const insecure = (url: string | undefined) => url !== undefined && /^\s*http:\/\//i.test(url);
  for (const tag of tags(html)) {
    const { name, attributes } = tag;
    const add = (url: string | undefined, kind: MixedReference['kind']) => {
      if (insecure(url)) references.push({ tag: name, url: (url as string).trim(), kind });
    };
    if (name === 'script' || name === 'iframe' || name === 'frame' || name === 'embed') add(attributes.src, 'active');
    else if (name === 'link' && /stylesheet|preload|modulepreload/i.test(attributes.rel ?? ''))
      add(attributes.href, 'active');
    else if (name === 'object') add(attributes.data, 'active');
    else if (name === 'form') add(attributes.action, 'active');
    else if (name === 'img' || name === 'audio' || name === 'video' || name === 'source' || name === 'track')
      add(attributes.src, 'passive');
  }
  return references;
}

export interface FormInfo {
  method: string;
  action: string;
  inputs: { name: string; type: string }[];
}

const FORM = /<form\b([^>]*)>([\s\S]*?)<\/form>/gi;

export function forms(html: string): FormInfo[] {
  return [...html.matchAll(FORM)].map((match) => {
    const head = tags(`<form${match[1]}>`)[0]?.attributes ?? {};
    const inputs = tags(match[2])
      .filter((tag) => tag.name === 'input' || tag.name === 'textarea' || tag.name === 'select')
      .filter((tag) => tag.attributes.name)
      .map((tag) => ({ name: tag.attributes.name, type: (tag.attributes.type ?? 'text').toLowerCase() }));
    return { method: (head.method ?? 'get').toLowerCase(), action: head.action ?? '', inputs };
  });
}

const TOKEN_NAME = /csrf|xsrf|token|authenticity|nonce|__requestverification/i;

/** A state-changing form with no hidden anti-forgery token. */
export function formWithoutToken(form: FormInfo): boolean {
  return form.method === 'post' && !form.inputs.some((input) => input.type === 'hidden' && TOKEN_NAME.test(input.name));
}
