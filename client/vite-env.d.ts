/// <reference types="vite/client" />

/** The build's name (vite.config.ts `define`), shown as `<html data-build>`. */
declare const __APP_BUILD__: string;
/** The @blueprintjs/icons version, which names the folder of the static icon files (scripts/icon-files.mjs). */
declare const __ICONS_VERSION__: string;
/** A part of a locale catalogue (scripts/catalogue-parts.mjs): `virtual:catalogue/<language>/<public|app>`. */
declare module 'virtual:catalogue/*' {
  const catalogue: Record<string, unknown>;
  export default catalogue;
}
