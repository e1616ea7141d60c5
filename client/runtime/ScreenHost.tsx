import { Spinner } from '@blueprintjs/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteDef } from '../../core/routes/route.types';
import { useFocusOnArrival } from './focusOnArrival';
import { ScreenErrorBoundary } from './ScreenErrorBoundary';
import { usePreloadable } from './preloadable';
import { screenFor } from './screenRegistry';

interface Props {
  kind: string | undefined;
  route: RouteDef;
  params: Record<string, string | undefined>;
  /** Remounts the boundary per location so an error does not stick to the next page. */
  resetKey: string;
}

/** Loads a screen kind's chunk and renders it inside the error boundary. */
export function ScreenHost({ kind, route, params, resetKey }: Props) {
  const { t } = useTranslation();
  const Screen = usePreloadable(screenFor(kind));
  useFocusOnArrival(resetKey);
  return (
    <ScreenErrorBoundary key={resetKey}>
      <Suspense fallback={<Spinner className="screen-spinner" aria-label={t('shell.loading')} />}>
        <Screen route={route} params={params} props={route.props ?? {}} />
      </Suspense>
    </ScreenErrorBoundary>
  );
}
