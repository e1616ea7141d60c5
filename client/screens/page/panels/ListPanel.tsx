import { Spinner } from '@blueprintjs/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListPanel as ListDef } from '../../../../core/pages/page.types';
import type { RouteDef } from '../../../../core/routes/route.types';
import { usePreloadable } from '../../../runtime/preloadable';
import { screenFor } from '../../../runtime/screenRegistry';

interface Props {
  panel: ListDef;
  route: RouteDef;
  params: Record<string, string | undefined>;
  /** The panel's record: a `listSource` parameter the route lacks comes from it (an onboarding's `:scanId`). */
  data?: unknown;
}

/**
 * A list document by id, rendered by the registry's `list` screen with the route's parameters; embedded,
 * so it keeps its page, sort and filters to itself (two lists on a page must not share the URL's).
 */
export function ListPanel({ panel, route, params, data }: Props) {
  const { t } = useTranslation();
  const ListScreen = usePreloadable(screenFor('list'));
  const record = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  const source = panel.listSource?.path.replace(/:([A-Za-z]\w*)/g, (whole, name: string) => {
    const value = record[name];
    const fromRecord =
      typeof value === 'string' || typeof value === 'number' ? encodeURIComponent(String(value)) : null;
    return params[name] === undefined && fromRecord !== null ? fromRecord : whole;
  });
  return (
    <Suspense fallback={<Spinner size={24} aria-label={t('shell.loading')} />}>
      <ListScreen
        route={{ ...route, screen: 'list' }}
        params={params}
        props={{ listId: panel.list, params, source, embedded: true }}
      />
    </Suspense>
  );
}
