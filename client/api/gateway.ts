type Clients = typeof import('./clients');

let loaded: Clients | undefined;

/**
 * The gateway clients (client/api/clients.ts, made with axios) for code on every page's boot path:
 * loaded at the first call, so a page that makes none — the sign-in page until its form is sent —
 * paints without axios. Screens and the app shell import the clients directly. Once loaded, the
 * module is handed out at once: a second `import()` resolves a task later, and on a boot that task
 * came after the shell's first render (a read asked then left some 35 ms after it was made).
 */
export function gatewayClients(): Promise<Clients> {
  if (loaded) return Promise.resolve(loaded);
  return import('./clients').then((module) => {
    loaded = module;
    return module;
  });
}
