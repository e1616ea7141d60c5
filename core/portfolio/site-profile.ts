/**
 * What a merchant's home page shows of its payment set-up (domain §2 'payment page, service
 * providers, modules'): how cards are taken (§3 vocabulary: shared, embedded, none), which third
 * parties the page loads, and which platform and libraries it runs, read from the HTML a scan
 * fetched with the catalogue shipped in server/scans/data/site-catalogue.json. Pure.
 */
import { tags } from '../scans/html.utils';

export type PaymentPageType = 'shared' | 'embedded' | 'none';

export interface CatalogueProvider {
  id: string;
  name: string;
  category: string;
  /** Hosts (optionally with a path prefix) its embedded fields or scripts come from. */
  hosts: string[];
  /** Hosts of its hosted payment page, the shopper sent there by a form or a link. */
  hosted: string[];
}

export interface CatalogueModule {
  id: string;
  name: string;
  /** Pattern on `<meta name="generator">`; group 1 is the version. */
  generator?: string;
  /** Pattern on the URLs the page loads; group 1 is the version. */
  path?: string;
}

export interface SiteCatalogue {
  providers: CatalogueProvider[];
  modules: CatalogueModule[];
}

export interface SiteProfile {
  url: string;
  paymentPage: {
    type: PaymentPageType;
    provider: string | null;
    evidence: string | null;
    /** Card number fields in the merchant's own page: card data passes through its systems. */
    cardFields: boolean;
    /** The SAQ this set-up points to (PCI SSC SAQ eligibility): A, A-EP or D; null when no payment is seen. */
    saqHint: 'A' | 'A-EP' | 'D' | null;
  };
  providers: { id: string; name: string; category: string; evidence: string }[];
  modules: { id: string; name: string; version: string | null; evidence: string }[];
  /** Every script the page loads (PCI DSS 6.4.3 asks for this inventory), third parties marked. */
  scripts: {
    id: string;
    src: string;
    host: string;
    thirdParty: boolean;
    integrity: boolean;
    provider: string | null;
  }[];
}

interface Reference {
  tag: string;
  url: URL;
  /** A script with Subresource Integrity. */
  integrity: boolean;
}

/** The attribute that names what each tag loads or sends the shopper to. */
const URL_ATTRIBUTE: Record<string, string> = {
  script: 'src',
  iframe: 'src',
  img: 'src',
  link: 'href',
  form: 'action',
  a: 'href',
};

const CARD_FIELD = /card.?num|cc.?num|cardnumber|\bpan\b/i;

function referencesOf(html: string, page: URL): { references: Reference[]; cardFields: boolean; generator: string } {
  const references: Reference[] = [];
  let cardFields = false;
  let generator = '';
  for (const { name, attributes } of tags(html)) {
    const target = Object.hasOwn(URL_ATTRIBUTE, name) ? attributes[URL_ATTRIBUTE[name]] : undefined;
    if (target) {
      try {
        references.push({ tag: name, url: new URL(target, page), integrity: Boolean(attributes.integrity) });
      } catch {
        // not a URL: nothing to learn from it
      }
    }
    if (
      name === 'input' &&
      (/^cc-number$/i.test(attributes.autocomplete ?? '') || CARD_FIELD.test(attributes.name ?? ''))
    )
      cardFields = true;
    if (name === 'meta' && /^generator$/i.test(attributes.name ?? '')) generator = attributes.content ?? '';
  }
  return { references, cardFields, generator };
}

/** `host` or `host/path-prefix` against a URL. */
function matches(url: URL, entry: string): boolean {
  const slash = entry.indexOf('/');
  const host = slash === -1 ? entry : entry.slice(0, slash);
  const path = slash === -1 ? '' : entry.slice(slash);
  return url.hostname.toLowerCase() === host && url.pathname.startsWith(path);
}

const evidenceOf = (reference: Reference) => `<${reference.tag}> ${reference.url.href}`;

export function readSiteProfile(html: string, pageUrl: string, catalogue: SiteCatalogue): SiteProfile {
  const page = new URL(pageUrl);
  const { references, cardFields, generator } = referencesOf(html, page);
  const providerOf = (url: URL, kinds: ('hosts' | 'hosted')[] = ['hosts', 'hosted']) =>
    catalogue.providers.find((provider) => kinds.some((kind) => provider[kind].some((entry) => matches(url, entry))));

  const providers = new Map<string, SiteProfile['providers'][number]>();
  for (const reference of references) {
    const provider = providerOf(reference.url);
    if (provider && !providers.has(provider.id))
      providers.set(provider.id, {
        id: provider.id,
        name: provider.name,
        category: provider.category,
        evidence: evidenceOf(reference),
      });
  }

  const payment = (tagsOf: string[], kinds: ('hosts' | 'hosted')[]) => {
    for (const reference of references) {
      if (!tagsOf.includes(reference.tag)) continue;
      const provider = providerOf(reference.url, kinds);
      if (provider?.category === 'payment') return { provider: provider.name, evidence: evidenceOf(reference) };
    }
    return null;
  };
  const embedded = payment(['iframe', 'script'], ['hosts']);
  const shared = embedded ? null : payment(['form', 'a'], ['hosted', 'hosts']);
  const type: PaymentPageType = embedded ? 'embedded' : shared ? 'shared' : 'none';
  const postsToProvider = references.some(
    (reference) => reference.tag === 'form' && providerOf(reference.url)?.category === 'payment',
  );
  const saqHint = cardFields ? (postsToProvider ? 'A-EP' : 'D') : type === 'none' ? null : 'A';

  const modules = new Map<string, SiteProfile['modules'][number]>();
  for (const module of catalogue.modules) {
    const fromGenerator = module.generator ? new RegExp(module.generator, 'i').exec(generator) : null;
    if (fromGenerator) {
      modules.set(module.id, {
        id: module.id,
        name: module.name,
        version: fromGenerator[1] ?? null,
        evidence: `<meta name="generator" content="${generator}">`,
      });
      continue;
    }
    if (!module.path) continue;
    const pattern = new RegExp(module.path, 'i');
    for (const reference of references) {
      const found = pattern.exec(reference.url.href);
      if (!found) continue;
      const known = modules.get(module.id);
      if (!known || (!known.version && found[1]))
        modules.set(module.id, {
          id: module.id,
          name: module.name,
          version: found[1] ?? null,
          evidence: evidenceOf(reference),
        });
    }
  }

  const scripts = references
    .filter((reference) => reference.tag === 'script')
    .map((reference, index) => ({
      id: String(index + 1),
      src: reference.url.href,
      host: reference.url.host,
      thirdParty: reference.url.hostname.toLowerCase() !== page.hostname.toLowerCase(),
      integrity: reference.integrity,
      provider: providerOf(reference.url)?.name ?? null,
    }));

  return {
    url: page.href,
    paymentPage: {
      type,
      provider: embedded?.provider ?? shared?.provider ?? null,
      evidence: embedded?.evidence ?? shared?.evidence ?? null,
      cardFields,
      saqHint,
    },
    providers: [...providers.values()],
    modules: [...modules.values()],
    scripts,
  };
}
