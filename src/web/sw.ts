/**
 * The service worker: caches the whole built app on the first visit, so the games work
 * offline afterwards. The build fills in the file list (see vite.config.ts); each build gets
 * its own cache, and older caches are dropped once the new one is complete.
 *
 * Strategy: cache first for the app's own files (they are content-hashed, except index.html
 * and sw.js), network first for page loads so a new version shows up when online, and the
 * network alone for the leaderboard server's API (`./api/…`): its answers are never cached, so
 * a board is never stale and, offline, the app sees that there is no server.
 */

// Service worker globals, declared here because the project's lib is DOM, not WebWorker.
interface ExtendableEvent extends Event {
  waitUntil(p: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(r: Response | Promise<Response>): void;
}
interface SwGlobal {
  addEventListener(type: 'install' | 'activate', fn: (e: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', fn: (e: FetchEvent) => void): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  registration: { scope: string };
}

const sw = self as unknown as SwGlobal;

/** The build replaces the placeholder string by the JSON of {version, files}. */
const MANIFEST = JSON.parse('__PRECACHE_MANIFEST__') as { version: string; files: string[] };
const CACHE = `slidebox-${MANIFEST.version}`;

sw.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(MANIFEST.files))
      .then(() => sw.skipWaiting()),
  );
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((k) => k.startsWith('slidebox-') && k !== CACHE).map((k) => caches.delete(k)),
        ),
      )
      .then(() => sw.clients.claim()),
  );
});

/** Whether a URL is the leaderboard server's API: under `api/` beside the app. */
function isApi(url: URL, scope: string): boolean {
  const base = new URL(scope).pathname;
  return url.pathname.startsWith(`${base}api/`) || url.pathname.startsWith('/api/');
}

sw.addEventListener('fetch', (event) => {
  const req = event.request;
  const url = new URL(req.url);
  // Not answered here: the browser asks the network itself, and nothing is cached.
  if (req.method !== 'GET' || url.origin !== location.origin) return;
  if (isApi(url, sw.registration.scope)) return;
  if (req.mode === 'navigate') {
    // The page: fresh when online, the cached one (whatever its query) when not.
    event.respondWith(
      fetch(req)
        .then((res) => {
          if (res.ok) {
            const copy = res.clone();
            void caches.open(CACHE).then((c) => c.put(sw.registration.scope, copy));
          }
          return res;
        })
        .catch(async () => {
          const cached =
            (await caches.match(req, { ignoreSearch: true })) ??
            (await caches.match(sw.registration.scope));
          return cached ?? Response.error();
        }),
    );
    return;
  }
  event.respondWith(
    caches.match(req).then((cached) => {
      if (cached) return cached;
      return fetch(req).then((res) => {
        if (res.ok) {
          const copy = res.clone();
          void caches.open(CACHE).then((c) => c.put(req, copy));
        }
        return res;
      });
    }),
  );
});
