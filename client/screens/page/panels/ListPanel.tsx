import { Spinner } from '@blueprintjs/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListPanel as ListDef } from '../../../../core/pages/page.types';
import type { RouteDef } from '../../../../core/routes/route.types';
import { screenFor } from '../../../runtime/screenRegistry';

interface Props {
  panel: ListDef;
  route: RouteDef;
  params: Record<string, string | undefined>;
}

/**
 * A list document by id, rendered by the registry's `list` screen with the route's parameters; embedded,
 * so it keeps its page, sort and filters to itself (two lists on a page must not share the URL's).
 */
export function ListPanel({ panel, route, params }: Props) {
  const { t } = useTranslation();
  const ListScreen = screenFor('list').component;
  return (
    <Suspense fallback={<Spinner size={24} aria-label={t('shell.loading')} />}>
      <ListScreen
        route={{ ...route, screen: 'list' }}
        params={params}
        props={{ listId: panel.list, params, source: panel.listSource?.path, embedded: true }}
      />
    </Suspense>
  );
}
