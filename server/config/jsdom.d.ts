/** The one member of jsdom the server uses (tip-sanitizer.ts); jsdom ships no types and @types/jsdom is not installed. */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
