// The service worker: the page starts and plays offline games with the server
// stopped. Every request of the page goes to the network first; what it answered is
// kept, and given back when the network fails (the page itself for any address, since
// `/` and `/g/{id}` are the same page). The API and the game WebSockets are never kept:
// online games need the server. The page tells the worker which files it loaded before
// the worker looked after it (`{ keep: [urls] }`), so they are kept too, and hears back
// when they are (`{ missing }`).

const CACHE = "ashta-page-v1";

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (e) => e.waitUntil(self.clients.claim()));

function keepable(url) {
  return url.origin === self.location.origin && !url.pathname.startsWith("/api/");
}

async function keep(request, response) {
  if (!response.ok || response.type !== "basic") return;
  const cache = await caches.open(CACHE);
  await cache.put(request, response);
}

async function networkFirst(request, fallback) {
  try {
    const response = await fetch(request);
    await keep(fallback || request, response.clone());
    return response;
  } catch (e) {
    const kept = await caches.match(fallback || request);
    if (kept) return kept;
    throw e;
  }
}

self.addEventListener("fetch", (e) => {
  const url = new URL(e.request.url);
  if (e.request.method !== "GET" || !keepable(url)) return;
  // Every address of the page is the one page (index.html), kept as "/".
  const page = e.request.mode === "navigate" ? "/" : null;
  e.respondWith(networkFirst(e.request, page));
});

// Keeps the files listed, then answers the page `{ missing: [urls] }`.
self.addEventListener("message", (e) => {
  const urls = (e.data && e.data.keep) || [];
  e.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const want = ["/", ...urls].filter((u) => keepable(new URL(u, self.location.origin)));
      const missing = [];
      for (const url of want) {
        // A failed fetch is tried again (a busy server may drop one), up to three times:
        // a file missing here would stop the page from starting offline.
        let kept = await cache.match(url);
        for (let attempt = 0; !kept && attempt < 3; attempt++) {
          if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
          try {
            await keep(url, await fetch(url));
          } catch {
            // Offline: tried again, then kept the next time the page loads online.
          }
          kept = await cache.match(url);
        }
        if (!kept) missing.push(url);
      }
      e.source?.postMessage({ missing });
    })(),
  );
});
