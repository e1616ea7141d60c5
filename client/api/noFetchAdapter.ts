/**
 * axios' fetch adapter, left out of the browser build (the `paysec:axios-xhr` plugin, vite.config.ts):
 * axios takes the first adapter the platform has, xhr before fetch, and every browser has
 * XMLHttpRequest — which uploads need anyway for their progress — so the fetch one never runs.
 */
export const getFetch = (): undefined => undefined;
