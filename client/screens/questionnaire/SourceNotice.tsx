import { Callout } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Text } from '../../../core/documents/document.types';
import { fillSourcePath } from '../../../core/pages/page.utils';
import { clientForPath } from '../../api/clients';
import { contentOrSelf } from '../../api/http';
import { resolveText, resolveTextWith } from '../../i18n/text';

/**
 * The route prop `notice`: a gateway path whose answer, when not null, is news for whoever answers —
 * a newer version to move to, say. `text` (with `{{field}}`s from the answer) and an optional `link`
 * (a route pattern filled like the path) with `linkText`.
 */
export interface SourceNoticeDef {
  source: string;
  text: Text;
  link?: string;
  linkText?: Text;
}

interface Props {
  notice: SourceNoticeDef;
  /** The `:params` of the path and the link: the route's, then the record's. */
  values: Record<string, unknown>;
}

/** Says nothing until the path answers something; a failure is no news either. */
export function SourceNotice({ notice, values }: Props) {
  const { t, i18n } = useTranslation();
  const path = fillSourcePath(notice.source, values);
  const news = useQuery({
    queryKey: ['questionnaire-notice', path],
    enabled: path !== null,
    queryFn: async () => {
      const { client, url } = clientForPath(path as string);
      return contentOrSelf<unknown>((await client.get(url)).data) ?? null;
    },
  });
  const content = news.data;
  if (content === null || content === undefined || typeof content !== 'object') return null;
  const link = notice.link ? fillSourcePath(notice.link, values) : null;
  return (
    <Callout intent="primary" icon="updated" className="questionnaire__notice" data-notice="source">
      {resolveTextWith(notice.text, content as Record<string, unknown>, t, i18n.language)}{' '}
      {link && <Link to={link}>{resolveText(notice.linkText ?? notice.link, t, i18n.language)}</Link>}
    </Callout>
  );
}
