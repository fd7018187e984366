import type { Db } from "../platform/db.server";
import type { Site } from "../platform/site.server";
import { enqueueMail } from "../mail/outbox.server";
import { renderMail } from "../mail/render.server";

/**
 * Mails the seller whenever a login key pair is created: a phished console session could make the
 * shop seal future logins to an attacker's key, and this is how the seller hears of it at once
 * (docs/decisions/022). Written in the key's transaction.
 */
export async function queueKeyCreatedAlert(
  db: Pick<Db, "insert">,
  site: Pick<Site, "url" | "sellerEmail">,
  actor: string,
  keyId: number,
  publicKey: string,
  now: Date,
): Promise<void> {
  const mail = renderMail({
    lang: "en",
    subject: `New login key pair #${keyId} created — Trigger Shop`,
    blocks: [
      { kind: "heading", text: "A new login key pair was created" },
      {
        kind: "rows",
        rows: [
          ["Key", `#${keyId} (${publicKey.slice(0, 12)}…)`],
          ["By", actor],
          ["When", `${now.toISOString().slice(0, 16).replace("T", " ")} UTC`],
        ],
      },
      {
        kind: "paragraph",
        text: "Buyers' logins are now sealed to this key. If you did not create it, log out every session, create a new key pair yourself and change your console password.",
      },
      { kind: "link", label: "Login keys", href: `${site.url}/admin/login-keys` },
    ],
    footer: "Trigger Shop seller alert",
  });
  await enqueueMail(db, { ...mail, to: site.sellerEmail, kind: "seller_login_key_created", lang: "en" }, now);
}
