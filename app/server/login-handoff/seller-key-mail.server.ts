import type { Lang } from "~/domain/lang";
import { getI18n } from "~/i18n/i18n";
import "~/i18n/resources.server";
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
  /** The seller address's account language (docs/decisions/055: sellerAlertLang). */
  lang: Lang = "en",
): Promise<void> {
  const t = getI18n(lang).getFixedT(lang, undefined, "emails.sellerKey");
  const mail = renderMail({
    lang,
    subject: t("subject", { id: keyId }),
    blocks: [
      { kind: "heading", text: t("heading") },
      {
        kind: "rows",
        rows: [
          [t("key"), `#${keyId} (${publicKey.slice(0, 12)}…)`],
          [t("by"), actor],
          [t("when"), `${now.toISOString().slice(0, 16).replace("T", " ")} UTC`],
        ],
      },
      { kind: "paragraph", text: t("warning") },
      { kind: "link", label: t("link"), href: `${site.url}/admin/login-keys` },
    ],
    footer: t("footer"),
  });
  await enqueueMail(db, { ...mail, to: site.sellerEmail, kind: "seller_login_key_created", lang }, now);
}
