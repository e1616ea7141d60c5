import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import { AppConfigContext } from '../runtime/appConfig';
import { bootConfigQuery } from './firstScreen';
import { AppRoutes, buildRoutes } from './buildRouter';

/**
 * Loads the published app documents and builds the routes from them. The documents are fetched
 * on every page load, so a published change reaches the next load without a rebuild.
 */
export function Boot() {
  const { t } = useTranslation();
  const query = useQuery(bootConfigQuery);
  // not deferred: a render in slices lets a history event (back, a link) land between the router's first
  // render and its subscription in the commit, and the screen would stay on the old location
  const config = query.data;
  const routes = useMemo(() => (config ? buildRoutes(config.routes) : null), [config]);

  if (query.isError) {
    return (
      <main className="public-layout">
        <NonIdealState
          icon="error"
          title={t('errors.dataCouldNotBeLoaded')}
          action={<Button text={t('shell.retry')} onClick={() => void query.refetch()} />}
        />
      </main>
    );
  }
  if (!config || !routes) {
    return (
      <main className="public-layout">
        <Spinner aria-label={t('shell.loading')} />
      </main>
    );
  }
  return (
    <AppConfigContext.Provider value={config}>
      <BrowserRouter>
        <AppRoutes routes={routes} />
      </BrowserRouter>
    </AppConfigContext.Provider>
  );
}
