import { randomBytes } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import type { Lang } from "~/domain/product";
import { localizePath } from "~/domain/lang-path";
import { PRIVACY_LINK_HOURS, type DeletionBlocker, type PrivacyRequestKind } from "~/domain/privacy";
import { getI18n } from "~/i18n/i18n";
import "~/i18n/resources.server";
import { orders, privacyRequests } from "../../../db/schema";
import { enqueueMail } from "../mail/outbox.server";
import { renderMail } from "../mail/render.server";
import type { Db } from "../platform/db.server";
import type { Keys } from "../platform/keys.server";
import { signValue, verifySignedValue } from "../platform/signed-value.server";
import type { Site } from "../platform/site.server";
import type { PrivateStorage } from "../media/private-storage.server";
import { eraseBuyer, removeFiles } from "./erase.server";
import { buyerExport, type BuyerExport } from "./export.server";

export type PrivacyRequest = typeof privacyRequests.$inferSelect;

/** The mailed link's token: the request's id and its current nonce, signed ("privacy:ID:NONCE.SIG"). */
function tokenFor(keys: Keys, id: number, nonce: string): string {
  return signValue(keys, `privacy:${id}:${nonce}`);
}

function readToken(keys: Keys, token: string | null | undefined): { id: number; nonce: string } | null {
  if (typeof token !== "string" || token.length > 200) return null;
  const value = verifySignedValue(keys, token);
  const match = value?.match(/^privacy:(\d{1,9}):([A-Za-z0-9_-]{16,64})$/);
  return match ? { id: Number(match[1]), nonce: match[2]! } : null;
}

/** The confirmation page's link in the buyer's language. */
export function privacyConfirmUrl(site: Pick<Site, "url" | "keys">, id: number, nonce: string, lang: Lang): string {
  return `${site.url}${localizePath("/privacy-request", lang)}?t=${encodeURIComponent(tokenFor(site.keys, id, nonce))}`;
}

/**
 * A buyer asked, from their order's page, for a copy of their data or its deletion: a request row and
 * a mail to the order's address with a single-use link valid PRIVACY_LINK_HOURS. Nothing happens until
 * the link is followed, so whoever holds the order link alone cannot take or erase the buyer's data.
 */
export async function requestPrivacyAction(
  db: Db,
  site: Site,
  input: { orderId: string; kind: PrivacyRequestKind; lang: Lang },
  now: Date,
): Promise<{ ok: true; id: number } | { ok: false; code: "order_not_found" }> {
  const [order] = await db.select({ id: orders.id, email: orders.email, done: orders.pseudonymisedAt }).from(orders).where(eq(orders.id, input.orderId));
  if (!order || order.done) return { ok: false, code: "order_not_found" };
  const nonce = randomBytes(18).toString("base64url");
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(privacyRequests)
      .values({ kind: input.kind, orderId: order.id, nonce, createdAt: now, expiresAt: new Date(now.getTime() + PRIVACY_LINK_HOURS * 3600_000) })
      .returning({ id: privacyRequests.id });
    const t = getI18n(input.lang).getFixedT(input.lang);
    const prefix = `emails.privacy.${input.kind}`;
    const mail = renderMail({
      lang: input.lang,
      subject: t(`${prefix}.subject`),
      blocks: [
        { kind: "heading", text: t(`${prefix}.title`) },
        { kind: "paragraph", text: t(`${prefix}.text`, { id: order.id }) },
        { kind: "link", label: t(`${prefix}.button`), href: privacyConfirmUrl(site, row!.id, nonce, input.lang) },
        { kind: "paragraph", text: t("emails.privacy.ignore", { hours: PRIVACY_LINK_HOURS }) },
      ],
      footer: t("emails.footer", { email: site.shopEmail }),
    });
    await enqueueMail(tx, { ...mail, to: order.email, kind: `privacy_${input.kind}`, orderId: order.id, lang: input.lang }, now);
    return { ok: true as const, id: row!.id };
  });
}

export type OpenedRequest =
  { ok: true; request: PrivacyRequest; email: string } | { ok: false; code: "privacy_link_invalid" | "privacy_link_used" | "privacy_link_expired" };

/** The request a mailed link stands for, while it may still be used. */
export async function openPrivacyRequest(db: Db, keys: Keys, token: string | null | undefined, now: Date): Promise<OpenedRequest> {
  const read = readToken(keys, token);
  if (!read) return { ok: false, code: "privacy_link_invalid" };
  const [request] = await db.select().from(privacyRequests).where(eq(privacyRequests.id, read.id));
  if (!request) return { ok: false, code: "privacy_link_invalid" };
  if (request.nonce !== read.nonce || request.status !== "awaiting_confirmation") return { ok: false, code: "privacy_link_used" };
  if (request.expiresAt.getTime() <= now.getTime()) return { ok: false, code: "privacy_link_expired" };
  const [order] = await db.select({ email: orders.email, done: orders.pseudonymisedAt }).from(orders).where(eq(orders.id, request.orderId));
  if (!order || order.done) return { ok: false, code: "privacy_link_used" };
  return { ok: true, request, email: order.email };
}

/**
 * Marks the link used (a new nonce, so it never works again), in a compare-and-set on the old one:
 * two clicks at once apply the request once.
 */
async function claim(db: Db, request: PrivacyRequest, now: Date): Promise<boolean> {
  const used = await db
    .update(privacyRequests)
    .set({ nonce: randomBytes(18).toString("base64url"), confirmedAt: now })
    .where(eq(privacyRequests.nonce, request.nonce))
    .returning({ id: privacyRequests.id });
  return used.length === 1;
}

/** "Send me my data", confirmed: everything held about the order's address, once. */
export async function confirmExport(
  db: Db,
  keys: Keys,
  token: string | null | undefined,
  now: Date,
): Promise<{ ok: true; data: BuyerExport } | Extract<OpenedRequest, { ok: false }>> {
  const opened = await openPrivacyRequest(db, keys, token, now);
  if (!opened.ok) return opened;
  if (opened.request.kind !== "export") return { ok: false, code: "privacy_link_invalid" };
  if (!(await claim(db, opened.request, now))) return { ok: false, code: "privacy_link_used" };
  const data = await buyerExport(db, opened.email, now);
  await db.update(privacyRequests).set({ status: "done", doneAt: now }).where(eq(privacyRequests.id, opened.request.id));
  return { ok: true, data };
}

export type DeletionOutcome = { ok: true; status: "done" } | { ok: true; status: "scheduled"; blockers: DeletionBlocker[]; orderIds: string[] };

/** "Delete my data", confirmed: applied at once where nothing forbids it, the rest scheduled with the reason. */
export async function confirmDeletion(
  db: Db,
  keys: Keys,
  token: string | null | undefined,
  now: Date,
  files?: Pick<PrivateStorage, "delete">,
): Promise<DeletionOutcome | Extract<OpenedRequest, { ok: false }>> {
  const opened = await openPrivacyRequest(db, keys, token, now);
  if (!opened.ok) return opened;
  if (opened.request.kind !== "delete") return { ok: false, code: "privacy_link_invalid" };
  if (!(await claim(db, opened.request, now))) return { ok: false, code: "privacy_link_used" };
  const result = await eraseBuyer(db, opened.email, now);
  await removeFiles(files, result.proofKeys);
  if (result.waiting.length === 0) {
    await db.update(privacyRequests).set({ status: "done", doneAt: now, email: null }).where(eq(privacyRequests.id, opened.request.id));
    return { ok: true, status: "done" };
  }
  const blockers = [...new Set(result.waiting.flatMap((w) => w.blockers))];
  await db
    .update(privacyRequests)
    .set({ status: "scheduled", email: opened.email, reason: blockers.join(",") })
    .where(eq(privacyRequests.id, opened.request.id));
  return { ok: true, status: "scheduled", blockers, orderIds: result.waiting.map((w) => w.orderId) };
}

/** The console's list (no addresses: the order id says whose it is). Unconfirmed links past their time show as expired. */
export async function listPrivacyRequests(db: Db, now: Date, limit = 100) {
  const rows = await db.select().from(privacyRequests).orderBy(desc(privacyRequests.createdAt), desc(privacyRequests.id)).limit(limit);
  return rows.map(({ email: _email, nonce: _nonce, ...row }) => ({
    ...row,
    status: row.status === "awaiting_confirmation" && row.expiresAt.getTime() <= now.getTime() ? ("expired" as const) : row.status,
  }));
}
