import { Spinner } from '@blueprintjs/core';
import { Suspense, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormPanel as FormDef } from '../../../../core/pages/page.types';
import { bindValues } from '../../../../core/pages/page.utils';
import type { RouteDef } from '../../../../core/routes/route.types';
import { usePreloadable } from '../../../runtime/preloadable';
import { screenFor } from '../../../runtime/screenRegistry';
import { useRefreshSources } from '../page.data';
import { adoptSavedUser } from '../savedUser';

interface Props {
  panel: FormDef;
  data: unknown;
  route: RouteDef;
  params: Record<string, string | undefined>;
}

/**
 * A form document bound to the page's record: the form screen of the registry renders and
 * submits it (props { formId, initialData, onSuccess }); the starting values come from `values`.
 */
export function FormPanel({ panel, data, route, params }: Props) {
  const { t } = useTranslation();
  const refresh = useRefreshSources();
  const FormScreen = usePreloadable(screenFor('form'));
  // without `values` the form loads its own record (its `load` path), so no starting values are handed in
  const initialData = useMemo(() => (panel.values ? bindValues(panel.values, data) : undefined), [panel.values, data]);
  const onSuccess = useCallback(
    (saved: unknown) => {
      if (panel.afterSubmit === 'session') adoptSavedUser(saved);
      void refresh();
    },
    [panel.afterSubmit, refresh],
  );
  return (
    <Suspense fallback={<Spinner size={24} aria-label={t('shell.loading')} />}>
      <FormScreen
        route={route}
        params={params}
        props={{ formId: panel.form, initialData, onSuccess, hideTitle: Boolean(panel.title), embedded: true }}
      />
    </Suspense>
  );
}
