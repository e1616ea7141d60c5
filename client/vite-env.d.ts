/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/vanillajs" />

/** The build's name (vite.config.ts `define`), shown as `<html data-build>`. */
declare const __APP_BUILD__: string;
