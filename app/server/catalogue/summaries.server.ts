import type { ProductSummary } from "~/domain/product";
import { toSummary } from "~/domain/product";
import { pageLang, pageSummary } from "~/catalogue/summaries";
import { readCatalogue } from "./cache.server";
import type { Db } from "../platform/db.server";

/**
 * Product summaries travel with the pages that render them (docs/decisions/024): a listing sends its
 * own products, the cart and checkout the whole catalogue (the stored cart may name any product), and
 * every other page none; the search dialog and a stored cart elsewhere fetch `/api/catalogue`.
 */

/** The summaries of these products (unknown ids skipped, each id once) for a page. */
export async function pageSummaries(db: Db, ids: Iterable<string>, langParam: string | undefined): Promise<ProductSummary[]> {
  const catalogue = await readCatalogue(db);
  const lang = pageLang(langParam);
  const out: ProductSummary[] = [];
  for (const id of new Set(ids)) {
    const product = catalogue.product(id);
    if (product) out.push(pageSummary(product, lang));
  }
  return out;
}

/** Every product (cart, checkout, search): the short description in the page's language and English. */
export async function catalogueSummaries(db: Db, langParam: string | undefined): Promise<ProductSummary[]> {
  const lang = pageLang(langParam);
  return (await readCatalogue(db)).products.map((p) => toSummary(p, lang));
}
