import type { AppContext } from '../context';
import type { Language } from '../http/i18n';
import { findWhere } from '../store/matching';

/** The resource of Administration → TRN translation (schemas/resources/translation-override.json). */
export const TRANSLATION_OVERRIDES = 'translation-override';

interface OverrideRecord {
  id: string;
  key: string;
  en?: string;
  tr?: string;
}

type Catalogue = { [key: string]: string | Catalogue };

/**
 * TRN translation: texts an admin writes over the locale catalogues, per key and language. The
 * browser merges them over its catalogues when it loads one (client/i18n/i18n.ts), so an override
 * shows on the next page load without a rebuild.
 */
export class TranslationsService {
  constructor(private readonly ctx: AppContext) {}

  /** The override of one key in one language, if an admin wrote one (the server's translated errors). */
  async text(language: Language, key: string): Promise<string | undefined> {
    const collection = this.ctx.store.collection<OverrideRecord>(`res.${TRANSLATION_OVERRIDES}`);
    const [record] = await findWhere(collection, { field: 'key', op: 'eq', value: key });
    return record?.[language];
  }

  /** One language's overrides as a nested catalogue (`a.b` → `{ a: { b } }`); a key whose parent is a text is skipped. */
  async catalogue(language: Language): Promise<Catalogue> {
    const records = await this.ctx.store.collection<OverrideRecord>(`res.${TRANSLATION_OVERRIDES}`).all();
    const catalogue: Catalogue = {};
    for (const record of [...records].sort((a, b) => a.key.localeCompare(b.key))) {
      const text = record[language];
      if (typeof text !== 'string') continue;
      const path = record.key.split('.');
      let node: Catalogue = catalogue;
      for (const part of path.slice(0, -1)) {
        if (!Object.hasOwn(node, part)) node[part] = {};
        const next = node[part];
        if (typeof next === 'string') {
          node = {};
          break;
        }
        node = next;
      }
      node[path[path.length - 1]] = text;
    }
    return catalogue;
  }
}
