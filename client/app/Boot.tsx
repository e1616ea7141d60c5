import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import { type AppConfig, AppConfigContext } from '../runtime/appConfig';
import { bootConfig } from './firstScreen';
import { AppRoutes, buildRoutes } from './buildRouter';

/** Each boot read's answer once in: a render after it shows the app at once, not a spinner first. */
const answers = new WeakMap<Promise<AppConfig>, AppConfig>();

/** Reads the app documents (with the first page's chunks and reads, client/app/firstScreen.ts). */
export function readBootConfig(): Promise<AppConfig> {
  const read = bootConfig();
  read.then(
    (config) => answers.set(read, config),
    () => undefined, // Boot shows the failure
  );
  return read;
}

/**
 * Loads the published app documents and builds the routes from them. The documents are fetched
 * on every page load, so a published change reaches the next load without a rebuild. `first` is
 * the read main.tsx started before the catalogue was in; a retry reads again.
 */
export function Boot({ first }: { first: Promise<AppConfig> }) {
  const { t } = useTranslation();
  const [read, setRead] = useState(first);
  const [answer, setAnswer] = useState<{ config?: AppConfig; failed?: boolean }>(() => ({
    config: answers.get(first),
  }));
  useEffect(() => {
    let current = true;
    read.then(
      (config) => current && setAnswer({ config }),
      () => current && setAnswer({ failed: true }),
    );
    return () => {
      current = false;
    };
  }, [read]);
  // not deferred: a render in slices lets a history event (back, a link) land between the router's first
  // render and its subscription in the commit, and the screen would stay on the old location
  const config = answer.config;
  const routes = useMemo(() => (config ? buildRoutes(config.routes) : null), [config]);

  if (answer.failed) {
    const retry = () => {
      setAnswer({});
      setRead(readBootConfig());
    };
    return (
      <main className="public-layout">
        <NonIdealState
          icon="error"
          title={t('errors.dataCouldNotBeLoaded')}
          action={<Button text={t('shell.retry')} onClick={retry} />}
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
