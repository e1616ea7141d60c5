import { Spinner } from '@blueprintjs/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { TextPanel as TextDef } from '../../../../core/pages/page.types';
import { resolveText } from '../../../i18n/text';
import '../../../runtime/rich-text.css';

// the sanitiser (DOMPurify, about 10 KB) comes with the first text that has markup beyond paragraphs
const RichText = lazy(() => import('../../../runtime/RichText').then((module) => ({ default: module.RichText })));

/** Paragraphs of plain text (no tag but <p>, no entity): what most panels' texts with markup are. */
const PLAIN = /^\s*(?:<p>[^<&]*<\/p>\s*)+$/;

/**
 * The paragraphs of a text that is plain (a string, or <p> paragraphs of one): React writes them as
 * text, so there is nothing to sanitise. Null when the text has other markup.
 */
function plainParagraphs(html: string): string[] | null {
  if (!PLAIN.test(html)) return null;
  return [...html.matchAll(/<p>([^<]*)<\/p>/g)].map((match) => match[1]);
}

/** Text with the tooltips' limited formatting, sanitised; plain paragraphs as they are. */
export function TextPanel({ panel }: { panel: TextDef }) {
  const { t, i18n } = useTranslation();
  const html = resolveText(panel.text, t, i18n.language);
  // a text without any markup is one text node, as the sanitiser would leave it
  if (!/[<&]/.test(html)) return <div className="rich-text">{html}</div>;
  const paragraphs = plainParagraphs(html);
  if (paragraphs)
    return (
      <div className="rich-text">
        {paragraphs.map((paragraph, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a static text's paragraphs never reorder
          <p key={index}>{paragraph}</p>
        ))}
      </div>
    );
  return (
    <Suspense fallback={<Spinner size={16} aria-label={t('shell.loading')} />}>
      <RichText html={html} />
    </Suspense>
  );
}
