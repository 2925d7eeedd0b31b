package main

import (
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// The stock go-app v9 service worker has three problems that break offline use
// (see GO-APP.md): navigations are matched with their query string, so a shared
// link /?p=... is not found offline; under a sub-path the scope root is cached
// through a redirect, which cannot answer a navigation; and the precache may
// take an old app.wasm from the HTTP cache. It also never claims the open
// clients. workerPatches rewrites exactly those parts of the template.
var workerPatches = []struct{ old, new string }{
	{
		old: `        return cache.addAll(resourcesToCache);`,
		new: `        return cache.addAll(
          resourcesToCache.map((url) => new Request(url, { cache: "reload" }))
        );`,
	},
	{
		old: `  console.log("app worker {{.Version}} is activated");`,
		new: `  event.waitUntil(self.clients.claim());
  console.log("app worker {{.Version}} is activated");`,
	},
	{
		old: `self.addEventListener("fetch", (event) => {
  event.respondWith(
    caches.match(event.request).then((response) => {
      return response || fetch(event.request);
    })
  );
});`,
		new: `self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.mode === "navigate") {
    event.respondWith(navigationResponse(request));
    return;
  }
  event.respondWith(
    caches.match(request).then((response) => {
      return response || fetch(request);
    })
  );
});

// navigationResponse answers a page load from the cached app shell, whatever
// the query string (a shared link), falling back to the cached scope root.
async function navigationResponse(request) {
  const cache = await caches.open(cacheName);
  let response = await cache.match(request, { ignoreSearch: true });
  // The app shell is cached as the scope root, with or without its final
  // slash (go-app lists a sub-path root as "/prefix").
  const scope = self.registration.scope;
  for (const root of [scope, scope.replace(/\/$/, "")]) {
    if (!response) {
      response = await cache.match(root, { ignoreSearch: true });
    }
  }
  if (!response) {
    return fetch(request);
  }
  if (response.redirected) {
    // A redirected response cannot answer a navigation: copy it.
    response = new Response(await response.blob(), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  }
  return response;
}`,
	},
}

// workerTemplate returns go-app's service worker template with workerPatches
// applied. It fails when the template is not the one the patches were written
// for, so that a go-app upgrade cannot silently drop the offline fixes.
func workerTemplate(stock string) (string, error) {
	out := stock
	for i, p := range workerPatches {
		if n := strings.Count(out, p.old); n != 1 {
			return "", fmt.Errorf("service worker patch %d: expected text found %d times, want 1 (go-app template changed?)", i+1, n)
		}
		out = strings.Replace(out, p.old, p.new, 1)
	}
	return out, nil
}

// patchedWorker is workerTemplate applied to the go-app template in use.
func patchedWorker() (string, error) { return workerTemplate(app.DefaultAppWorkerJS) }
