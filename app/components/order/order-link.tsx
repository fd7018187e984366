import { PackageSearch } from "~/components/ui/icon";
import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { z } from "~/domain/zod";
import { ORDER_ID_PATTERN } from "~/domain/order-id";
import { buttonClass } from "~/components/ui/button";
import { LocalLink } from "~/components/ui/local-link";
import { readJson, STORAGE_KEYS, writeJson } from "~/state/storage";

/** An order and its signed status path ("/order/ORD…?k=…", unprefixed), as the server gave them. */
const orderLinkSchema = z.object({
  id: z.string().check(z.regex(ORDER_ID_PATTERN)),
  statusPath: z.string().check(z.regex(/^\/order\/ORD[\w-]+\?k=[\w-]+$/)),
});
export type OrderLink = z.infer<typeof orderLinkSchema>;

/** Kept for this tab (session storage) so the pages after payment can link the order. */
export function rememberOrderLink(link: OrderLink): void {
  writeJson(STORAGE_KEYS.orderLink, link, "session");
}

export function useRememberedOrderLink(): OrderLink | null {
  const [link, setLink] = useState<OrderLink | null>(null);
  useEffect(() => {
    const parsed = orderLinkSchema.safeParse(readJson(STORAGE_KEYS.orderLink, "session"));
    if (parsed.success) setLink(parsed.data);
  }, []);
  return link;
}

/** The link to an order's status page, in the page's language. */
export function OrderStatusLink({ link, className }: { link: OrderLink; className?: string }) {
  const { t } = useTranslation();
  return (
    <LocalLink to={link.statusPath} className={className ?? buttonClass({ variant: "secondary", className: "w-full sm:w-auto" })}>
      <PackageSearch className="size-4" aria-hidden="true" />
      {t("orderLink.link.open")}
    </LocalLink>
  );
}

/**
 * "Follow your order" on the pages a paid buyer lands on (thank-you, login-required), when this tab
 * created or paid an order. Nothing on the server's render: session storage is read after hydration.
 */
export function RememberedOrderNotice({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  const link = useRememberedOrderLink();
  if (!link) return null;
  return (
    <section aria-labelledby="order-link-heading" className={`rounded-2xl border border-brand-100 bg-brand-50 p-4 text-left sm:p-5 ${className}`}>
      <h2 id="order-link-heading" className="font-bold text-brand-900">
        {t("orderLink.link.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t("orderLink.link.text", { id: link.id })}</p>
      <div className="mt-3">
        <OrderStatusLink link={link} />
      </div>
    </section>
  );
}
