// The table page's service worker: the page and its files, network first, kept as they last came. Without the
// server (the laptop asleep or gone) the page opens on its last copy, marked with the time it came
// (<body data-copy="...">: club.js says so and refuses writes). Writes, the event stream and the API are never
// answered from here: they reach the server or fail, and the page says which.
"use strict";

const CACHE = "gangci-page-1";
const ROOT = new URL(self.registration.scope).pathname;  // "/" (a table of its own) or "/t/NAME/" (a club's)
const FILES = ["static/", "club/club.js", "season/season.js"];
const STAMP = "X-Gangci-Kept";

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith(ROOT) || url.searchParams.has("t")) return;
  const rest = url.pathname.slice(ROOT.length);
  const page = request.mode === "navigate" && (rest === "" || rest === "season");
  if (!page && !FILES.some((file) => rest.startsWith(file))) return;
  event.respondWith(networkFirst(request, url.pathname, page));
});

async function networkFirst(request, key, page) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && !response.redirected && response.type === "basic") {
      const headers = new Headers(response.headers);
      headers.set(STAMP, new Date().toISOString());
      const body = await response.clone().arrayBuffer();
      await cache.put(key, new Response(body, { status: 200, headers }));
    }
    return response;
  } catch (error) {  // no answer: the server is gone
    const kept = await cache.match(key);
    if (!kept) throw error;
    if (!page) return kept;
    const html = (await kept.text()).replace("<body ", `<body data-copy="${kept.headers.get(STAMP) || ""}" `);
    return new Response(html, { status: 200, headers: { "Content-Type": "text/html; charset=utf-8" } });
  }
}
