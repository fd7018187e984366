/*
 * The seller console's service worker (docs/decisions/053), registered with scope /admin by the
 * console's pages only: the storefront never registers it. It keeps the offline page and the
 * console's icons — nothing else, and never a page or a data request (they hold buyers' details).
 * A console page that cannot load shows the offline page. Pushes (docs/decisions/053) carry an
 * order id and a short label; a click opens that order in the console.
 */
const CACHE = "console-v1";
const OFFLINE = "/admin-offline.html";
const KEPT = [OFFLINE, "/admin-icons/icon-192.png"];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(KEPT))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

/** Only a console page's navigation is answered here, from the network, with the offline page when that fails. */
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || request.mode !== "navigate") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !(url.pathname === "/admin" || url.pathname.startsWith("/admin/"))) return;
  event.respondWith(fetch(request).catch(() => caches.match(OFFLINE).then((page) => page || Response.error())));
});

/** An order id (letters, digits, dashes) and a label: anything else is ignored. */
function readPush(event) {
  try {
    const body = event.data ? event.data.json() : null;
    const orderId = body && typeof body.orderId === "string" && /^[A-Za-z0-9-]{1,64}$/.test(body.orderId) ? body.orderId : null;
    const label = body && typeof body.label === "string" ? body.label.slice(0, 120) : "Trigger Shop";
    return { orderId, label };
  } catch {
    return { orderId: null, label: "Trigger Shop" };
  }
}

self.addEventListener("push", (event) => {
  const { orderId, label } = readPush(event);
  event.waitUntil(
    self.registration.showNotification(label, {
      body: orderId ? `Order ${orderId}` : "",
      icon: "/admin-icons/icon-192.png",
      tag: orderId ? `order-${orderId}` : undefined,
      data: { url: orderId ? `/admin/orders/${orderId}` : "/admin" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const path = (event.notification.data && event.notification.data.url) || "/admin";
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).pathname.startsWith("/admin"));
      return open ? open.navigate(path).then((client) => (client || open).focus()) : self.clients.openWindow(path);
    }),
  );
});
