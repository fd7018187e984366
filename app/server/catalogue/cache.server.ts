/**
 * The catalogue (products with the seller's prices and stock, and the coupons) served from memory:
 * read once per process, read again only after invalidateCatalogue(). Profiling put 43 % of the
 * product page's server time in the embedded database, reading rows that change a few times a day.
 *
 * Across processes (PostgreSQL): invalidateCatalogue() also sends NOTIFY on CHANNEL and every
 * process LISTENs, dropping its copy when a message arrives. While a process's listening
 * connection is down it cannot hear edits, so it reads the database on every call until the
 * listener is back. On PGlite there is one process, so the local drop is all it takes.
 * See docs/decisions/009-frame-and-catalogue-cache.md.
 */
import { sql } from "drizzle-orm";
import type { Coupon } from "~/domain/coupons";
import type { Product } from "~/domain/product";
import { listCoupons } from "./coupons.server";
import { listen, type Db, type Subscription } from "../platform/db.server";
import { listProducts } from "./products.server";
import { withProductMedia } from "./product-media.server";
import { MEDIA_ROUTE } from "../media/storage.server";

const CHANNEL = "catalogue_changed";

export interface Catalogue {
  /** Every product not archived, in catalogue order (position), listed or not. */
  readonly products: readonly Product[];
  /** A product not archived: what pages, carts and new orders may use. */
  product(id: string): Product | undefined;
  /** Any product, archived ones too: past orders (delivery steps, titles) still name them. */
  anyProduct(id: string): Product | undefined;
  /** Case-insensitive, surrounding spaces ignored. Usage counts may be stale: see couponForCheck. */
  coupon(code: string): Coupon | undefined;
}

interface Cache {
  subscription: Subscription | undefined;
  current: Promise<Catalogue> | undefined;
  /** Told whenever the copy is dropped (here or, through NOTIFY, in another process). */
  listeners: Set<() => void>;
}

const caches = new WeakMap<Db, Cache>();

/** Where each database's product media URLs start, as its services' media storage says (see setCatalogueMediaBase). */
const mediaBases = new WeakMap<Db, string>();

const couponKey = (code: string) => code.trim().toUpperCase();

async function load(db: Db): Promise<Catalogue> {
  const [all, coupons] = await Promise.all([listProducts(db).then((list) => withProductMedia(db, list, mediaBases.get(db) ?? MEDIA_ROUTE)), listCoupons(db)]);
  const products = all.filter((p) => !p.archived);
  const live = new Map(products.map((p) => [p.id, p]));
  const any = new Map(all.map((p) => [p.id, p]));
  const byCode = new Map(coupons.map((c) => [couponKey(c.code), c]));
  return { products, product: (id) => live.get(id), anyProduct: (id) => any.get(id), coupon: (code) => byCode.get(couponKey(code)) };
}

function cacheFor(db: Db): Cache {
  let cache = caches.get(db);
  if (!cache) {
    const created: Cache = { subscription: undefined, current: undefined, listeners: new Set() };
    // Any message, and every (re)connection of the listener, drops what this process remembers.
    created.subscription = listen(db, CHANNEL, () => drop(created));
    cache = created;
    caches.set(db, cache);
  }
  return cache;
}

function drop(cache: Cache): void {
  cache.current = undefined;
  for (const listener of cache.listeners) listener();
}

/**
 * Calls `listener` whenever the catalogue changes, in this process or another: whatever was made
 * from it (rendered pages) must be dropped too. Returns the unsubscribe function.
 */
export function onCatalogueChange(listener: () => void, db: Db): () => void {
  const cache = cacheFor(db);
  cache.listeners.add(listener);
  return () => cache.listeners.delete(listener);
}

/**
 * The public base of product media URLs for the catalogue read from `db` ("/media", or
 * MEDIA_PUBLIC_URL for a CDN): set by createServices from `services.media.storage.publicBase`, once
 * per database; "/media" until then. A change drops this process's copy.
 */
export function setCatalogueMediaBase(db: Db, base: string): void {
  if (mediaBases.get(db) === base) return;
  mediaBases.set(db, base);
  const cache = caches.get(db);
  if (cache) drop(cache);
}

/** False while this process could miss another's change (its PostgreSQL listener is down). */
export function catalogueChangesHeard(db: Db): boolean {
  const subscription = cacheFor(db).subscription;
  return subscription === undefined || subscription.live;
}

/** The catalogue, from memory when this process may trust its copy. */
export async function readCatalogue(db: Db): Promise<Catalogue> {
  const cache = cacheFor(db);
  await cache.subscription?.ready;
  if (!cache.subscription?.live) return load(db);
  if (!cache.current) {
    const loading = load(db);
    cache.current = loading;
    // A failed read is not remembered: the next call tries again.
    loading.catch(() => {
      if (cache.current === loading) cache.current = undefined;
    });
  }
  return cache.current;
}

/**
 * Call after a change to products or coupons has been committed: this process reads afresh at
 * once, the others when the notification reaches them (milliseconds).
 */
export async function invalidateCatalogue(db: Db): Promise<void> {
  drop(cacheFor(db));
  await db.execute(sql`select pg_notify(${CHANNEL}, '')`);
}
