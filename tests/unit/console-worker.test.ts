import { readFileSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { describe, expect, it, vi } from "vitest";

// The console's service worker (public/admin-sw.js, docs/decisions/053), run in a sandbox with fake
// caches and network: what it keeps, what it answers, and what a push shows.

const SOURCE = readFileSync(path.resolve(import.meta.dirname, "../../public/admin-sw.js"), "utf8");
const ORIGIN = "https://shop.example";

type Listener = (event: Record<string, unknown>) => void;

function loadWorker(network: (request: { url: string }) => Promise<Response>) {
  const listeners = new Map<string, Listener>();
  const stored = new Map<string, Response>();
  const added: string[] = [];
  const cache = {
    addAll: vi.fn(async (urls: string[]) => {
      added.push(...urls);
      for (const url of urls) stored.set(url, new Response(`cached ${url}`));
    }),
    put: vi.fn(),
  };
  const notifications: { title: string; options: Record<string, unknown> }[] = [];
  const opened: string[] = [];
  const self = {
    location: new URL(`${ORIGIN}/admin-sw.js`),
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    skipWaiting: async () => {},
    clients: { claim: async () => {}, matchAll: async () => [], openWindow: async (url: string) => opened.push(url) },
    registration: { showNotification: async (title: string, options: Record<string, unknown>) => notifications.push({ title, options }) },
  };
  const caches = {
    open: async () => cache,
    keys: async () => [],
    delete: async () => true,
    match: async (url: string) => stored.get(url),
  };
  vm.runInNewContext(SOURCE, { self, caches, fetch: network, URL, Response, Promise });
  /** Fires an event; resolves with what the worker answered (respondWith) once its work is done. */
  async function fire(type: string, fields: Record<string, unknown>) {
    let answer: Promise<Response> | undefined;
    let work: Promise<unknown> | undefined;
    listeners.get(type)!({ ...fields, respondWith: (p: Promise<Response>) => (answer = p), waitUntil: (p: Promise<unknown>) => (work = p) });
    await work;
    return answer ? await answer : undefined;
  }
  return { fire, cache, added, notifications, opened };
}

const navigate = (pathname: string) => ({ request: { url: `${ORIGIN}${pathname}`, method: "GET", mode: "navigate" } });

describe("the console's service worker", () => {
  it("keeps only the offline page and an icon, never a page or data", async () => {
    const worker = loadWorker(async () => new Response("page"));
    await worker.fire("install", {});
    expect(worker.added).toEqual(["/admin-offline.html", "/admin-icons/icon-192.png"]);
    await worker.fire("fetch", navigate("/admin/orders/ORD-1"));
    await worker.fire("fetch", { request: { url: `${ORIGIN}/admin/orders/ORD-1.data`, method: "GET", mode: "cors" } });
    expect(worker.cache.put).not.toHaveBeenCalled();
  });

  it("answers a console page from the network, and with the offline page when the network fails", async () => {
    const online = loadWorker(async () => new Response("the orders page"));
    expect(await (await online.fire("fetch", navigate("/admin/orders")))!.text()).toBe("the orders page");
    const offline = loadWorker(async () => {
      throw new TypeError("offline");
    });
    await offline.fire("install", {});
    expect(await (await offline.fire("fetch", navigate("/admin")))!.text()).toBe("cached /admin-offline.html");
  });

  it("leaves the storefront, other requests and posts alone", async () => {
    const worker = loadWorker(async () => new Response("x"));
    for (const request of [
      navigate("/").request,
      navigate("/fr/product/1").request,
      { url: `${ORIGIN}/admin/orders`, method: "POST", mode: "navigate" },
      { url: `${ORIGIN}/assets/app.js`, method: "GET", mode: "no-cors" },
      { url: "https://elsewhere.example/admin", method: "GET", mode: "navigate" },
    ])
      expect(await worker.fire("fetch", { request }), request.url).toBeUndefined();
  });

  it("shows a push as its label and order, and a click opens that order", async () => {
    const worker = loadWorker(async () => new Response("x"));
    await worker.fire("push", { data: { json: () => ({ orderId: "ORD-20301231-ABCD", label: "Order paid" }) } });
    expect(worker.notifications).toEqual([
      { title: "Order paid", options: expect.objectContaining({ body: "Order ORD-20301231-ABCD", data: { url: "/admin/orders/ORD-20301231-ABCD" } }) },
    ]);
    await worker.fire("notificationclick", { notification: { close: () => {}, data: worker.notifications[0].options.data } });
    expect(worker.opened).toEqual(["/admin/orders/ORD-20301231-ABCD"]);
    // An id that is not one opens the console's home.
    await worker.fire("push", { data: { json: () => ({ orderId: "../../evil", label: "x" }) } });
    expect(worker.notifications[1].options.data).toEqual({ url: "/admin" });
  });
});
