import { Button, Spinner } from '@blueprintjs/core';
import { Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormPanel as FormDef } from '../../../../core/pages/page.types';
import { bindValues } from '../../../../core/pages/page.utils';
import type { RouteDef } from '../../../../core/routes/route.types';
import { definedParams } from '../../../../core/routes/route.utils';
import { usePreloadable } from '../../../runtime/preloadable';
import { screenFor } from '../../../runtime/screenRegistry';
import { useRefreshSources } from '../page.data';
import { adoptSavedUser } from '../savedUser';
import { FormSummary } from './FormSummary';

interface Props {
  panel: FormDef;
  data: unknown;
  route: RouteDef;
  params: Record<string, string | undefined>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A form document bound to the page's record: the form screen of the registry renders and
 * submits it (props { formId, initialData, onSuccess }); the starting values come from `values`.
 * A `collapsed` panel shows those values and opens the form on Change, and closes it once saved.
 */
export function FormPanel({ panel, data, route, params }: Props) {
  const [open, setOpen] = useState(panel.collapsed !== true);
  const [saved, setSaved] = useState<Record<string, unknown> | undefined>();
  const refresh = useRefreshSources();
  // without `values` the form loads its own record (its `load` path), so no starting values are handed in
  const initialData = useMemo(() => (panel.values ? bindValues(panel.values, data) : undefined), [panel.values, data]);
  const onSuccess = useCallback(
    (answer: unknown) => {
      if (panel.afterSubmit === 'session') adoptSavedUser(answer);
      void refresh();
      if (panel.collapsed) {
        setSaved(isRecord(answer) ? answer : {});
        setOpen(false);
      }
    },
    [panel.afterSubmit, panel.collapsed, refresh],
  );
  const filled = useMemo(() => definedParams(params), [params]);
  if (!open)
    return (
      <FormSummary
        formId={panel.form}
        params={filled}
        initialData={initialData}
        saved={saved}
        onOpen={() => {
          setSaved(undefined);
          setOpen(true);
        }}
      />
    );
  return (
    <OpenForm
      panel={panel}
      route={route}
      params={params}
      initialData={initialData}
      onSuccess={onSuccess}
      onCancel={panel.collapsed ? () => setOpen(false) : undefined}
    />
  );
}

function OpenForm({
  panel,
  route,
  params,
  initialData,
  onSuccess,
  onCancel,
}: Omit<Props, 'data'> & {
  initialData?: Record<string, unknown>;
  onSuccess: (answer: unknown) => void;
  /** A collapsed panel's form closes again without saving. */
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const FormScreen = usePreloadable(screenFor('form'));
  return (
    <Suspense fallback={<Spinner size={24} aria-label={t('shell.loading')} />}>
      <FormScreen
        route={route}
        params={params}
        props={{ formId: panel.form, initialData, onSuccess, hideTitle: Boolean(panel.title), embedded: true }}
      />
      {onCancel && <Button variant="minimal" text={t('page.cancel')} onClick={onCancel} />}
    </Suspense>
  );
}
