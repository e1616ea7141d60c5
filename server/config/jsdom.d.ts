/** The one member of jsdom the server uses (tip-sanitizer.ts; sanctions-un-xml.ts parses XML with `contentType`); jsdom ships no types and @types/jsdom is not installed. */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string, options?: { contentType?: string });
    readonly window: Window & typeof globalThis;
  }
}
