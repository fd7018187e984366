import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { foldPattern, routeLabeler } from "./route-label.server";

// The shape of the shop's route table (app/routes.ts): the console outside the language prefix,
// the storefront under an optional :lang segment, a splat for everything else.
const manifest = {
  root: { id: "root", path: "" },
  "admin/login": { id: "admin/login", parentId: "root", path: "admin/login" },
  "admin/layout": { id: "admin/layout", parentId: "root", path: "admin" },
  "admin/order": { id: "admin/order", parentId: "admin/layout", path: "orders/:id" },
  webhook: { id: "webhook", parentId: "root", path: "api/paypal/webhook" },
  lang: { id: "lang", parentId: "root", path: ":lang?" },
  home: { id: "home", parentId: "lang", index: true },
  product: { id: "product", parentId: "lang", path: "product/:id" },
  triggers: { id: "triggers", parentId: "lang", path: "triggers" },
  splat: { id: "splat", parentId: "lang", path: "*" },
} as unknown as ServerBuild["routes"];

describe("route labels for /metrics", () => {
  const label = routeLabeler(manifest);

  it("counts a page under its pattern, whatever its id, language or query", () => {
    expect(label("/product/2")).toBe("/product/:id");
    expect(label("/fr/product/king-cummy")).toBe("/product/:id");
    expect(label("/es/triggers")).toBe("/triggers");
    expect(label("/triggers")).toBe("/triggers");
    expect(label("/")).toBe("/");
    expect(label("/fr")).toBe("/");
    expect(label("/admin/orders/ORD261125101500ABCD")).toBe("/admin/orders/:id");
    expect(label("/api/paypal/webhook")).toBe("/api/paypal/webhook");
  });

  it("keeps the number of labels that of the route table, whatever paths arrive", () => {
    const labels = new Set<string>();
    for (let i = 0; i < 300; i++) labels.add(label(`/random-${i}/deep/${i}`));
    for (let i = 0; i < 50; i++) labels.add(label(`/de/product/${i}`));
    expect([...labels].sort()).toEqual(["/*", "/product/:id"]);
  });

  it("names the endpoints Express answers itself", () => {
    expect(label("/healthz")).toBe("/healthz");
    expect(label("/metrics")).toBe("/metrics");
  });

  it("folds only a leading optional language segment", () => {
    expect(foldPattern("/:lang?/product/:id")).toBe("/product/:id");
    expect(foldPattern("/:lang?")).toBe("/");
    expect(foldPattern("/:lang?/*")).toBe("/*");
    expect(foldPattern("/admin/orders/:id")).toBe("/admin/orders/:id");
  });
});
