import type { Lang } from "~/domain/product";
import { getI18n } from "~/i18n/i18n";
import "~/i18n/resources.server";
import type { Site } from "../platform/site.server";
import { newsletterMailHeaders, newsletterUrl, type NewsletterTokenSubject } from "./links.server";
import type { OutgoingMail } from "../mail/outbox.server";
import { renderMail, type MailBlock } from "../mail/render.server";

/** Who a newsletter-type mail goes to: the address, its row's current nonce, and the language to write in. */
export interface NewsletterRecipient extends NewsletterTokenSubject {
  lang: Lang;
}

/**
 * A newsletter-type mail in the recipient's language: the blocks, then the shared footer with the
 * unsubscribe link, and the List-Unsubscribe headers. Future newsletters are built the same way.
 */
export function newsletterMail(site: Site, recipient: NewsletterRecipient, subject: string, blocks: readonly MailBlock[], kind: string): OutgoingMail {
  const { lang } = recipient;
  const t = getI18n(lang).getFixedT(lang);
  const rendered = renderMail({
    lang,
    subject,
    blocks,
    footer: t("emails.newsletter.footer", { email: site.shopEmail }),
    footerLink: { label: t("emails.newsletter.unsubscribe"), href: newsletterUrl(site, "unsubscribe", recipient, lang) },
  });
  return { ...rendered, to: recipient.email, kind, lang, headers: newsletterMailHeaders(site, recipient) };
}

/** The double opt-in mail: nothing is sent to the address until its link is followed. */
export function newsletterConfirmationMail(site: Site, recipient: NewsletterRecipient): OutgoingMail {
  const t = getI18n(recipient.lang).getFixedT(recipient.lang);
  return newsletterMail(
    site,
    recipient,
    t("emails.newsletter.confirm.subject"),
    [
      { kind: "heading", text: t("emails.newsletter.confirm.title") },
      { kind: "paragraph", text: t("emails.newsletter.confirm.text") },
      { kind: "link", label: t("emails.newsletter.confirm.button"), href: newsletterUrl(site, "confirm", recipient, recipient.lang) },
      { kind: "paragraph", text: t("emails.newsletter.confirm.ignore") },
    ],
    "newsletter_confirm",
  );
}

/**
 * What a sign-up of an already confirmed address sends: the owner of the mailbox learns nothing new
 * and gets a way out; whoever typed the address sees the same answer as for any other.
 */
export function newsletterAlreadySubscribedMail(site: Site, recipient: NewsletterRecipient): OutgoingMail {
  const t = getI18n(recipient.lang).getFixedT(recipient.lang);
  return newsletterMail(
    site,
    recipient,
    t("emails.newsletter.already.subject"),
    [
      { kind: "heading", text: t("emails.newsletter.already.title") },
      { kind: "paragraph", text: t("emails.newsletter.already.text") },
      { kind: "paragraph", text: t("emails.newsletter.already.leave") },
    ],
    "newsletter_already_subscribed",
  );
}
