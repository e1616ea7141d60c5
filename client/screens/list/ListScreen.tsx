import { Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../../runtime/screen.types';
import { ListView } from './ListView';

/** The generic list screen: props.listId names the list document; page, sort and filters live in the URL. */
export default function ListScreen({ props, params }: ScreenProps) {
  const { t } = useTranslation();
  if (typeof props.listId !== 'string') return <Callout intent="warning">{t('errors.documentNotFound')}</Callout>;
  const source = typeof props.source === 'string' ? props.source : undefined;
  // a page's list panel: a section of the page, its state its own
  const embedded = props.embedded === true;
  return (
    <ListView
      key={props.listId}
      listId={props.listId}
      params={params}
      source={source}
      syncUrl={!embedded}
      headingLevel={embedded ? 2 : 1}
    />
  );
}
