/** Test-only product fixtures shaped like the spec's catalogue (SPEC §3). Not used by app code. */
import type { Category, Product } from "./product";

export function makeProduct(overrides: Partial<Product> & { id: string; title: string }): Product {
  const text = { en: `${overrides.title} description`, fr: `Description ${overrides.title}`, es: `Descripción ${overrides.title}` };
  return {
    description: text,
    trackingInfo: text,
    fullDescription: text,
    priceCents: 1000,
    originalPriceCents: 2000,
    rating: 4.9,
    reviews: 10,
    category: "Permanent Triggers",
    images: [`/images/${overrides.id}.webp`],
    features: { en: [], fr: [], es: [] },
    inStock: true,
    type: "trigger",
    audience: "male",
    skin: "any",
    gestures: true,
    platforms: ["mobile", "pc"],
    delivery: "manual-upload",
    warrantyDays: 0,
    listed: true,
    ...overrides,
  };
}

const p = (id: string, title: string, priceCents: number, category: Category, extra: Partial<Product> = {}) =>
  makeProduct({ id, title, priceCents, category, ...extra });

export const CATALOGUE: Product[] = [
  p("king-cummy", "King Cummy", 3499, "Permanent Triggers"),
  p("king-cummy-v8-new", "KCUMMY-V8-TRIGGER", 5999, "Permanent Triggers"),
  p("1", "KKONG-V4-TRIGGER", 4999, "Permanent Triggers", { badge: "Best Seller" }),
  p("2", "VENOM-TRIGGER", 5499, "Permanent Triggers"),
  p("king-kong-ultra-gift", "King Kong Ultra", 3800, "Gifting Triggers", { delivery: "username-gift", warrantyDays: 30 }),
  p("4", "TRAMP-ROOM", 2999, "Rooms", { type: "room" }),
  p("8", "Bunker Room", 3499, "Rooms", { type: "room", inStock: false }),
  p("10", "Netflix N Chill", 4699, "Rooms", { type: "room", badge: "Premium" }),
  p("venom-firsty-bundle", "Venom Trigger + Firsty Room Bundle", 6999, "Bundles", { type: "bundle" }),
  p("tramp-house", "Tramp House Room", 2999, "Rooms", { type: "room", listed: false }),
];

export const lookupProduct = (id: string): Product | undefined => CATALOGUE.find((product) => product.id === id);
