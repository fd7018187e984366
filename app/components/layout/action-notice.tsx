import { useSearchParams } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { LocalLink } from "~/components/ui/local-link";
import { isNotice, NOTICE_ITEM_PARAM, NOTICE_PARAM } from "~/domain/shop-actions";
import { useTranslation } from "~/i18n/use-translation";
import { useProductLookup } from "~/state/products";
import { usePublicConfig } from "~/state/storefront-data";

/**
 * What a storefront form posted before the page's JavaScript ran (or without it) says after its
 * redirect (docs/decisions/056): the words of the toast the browser would have shown. Read from the
 * URL, so a page the render cache shares is shared with its message. The coupon box shows its own.
 */
export function ActionNotice() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const lookup = useProductLookup();
  const discord = usePublicConfig()?.links.discord ?? null;
  const notice = params.get(NOTICE_PARAM);
  if (!isNotice(notice) || notice === "coupon-refused") return null;
  const item = params.get(NOTICE_ITEM_PARAM);
  const title = item ? lookup(item)?.title : undefined;
  const tone = notice === "invalid" || notice === "unavailable" ? "border-red-200 bg-red-50 text-red-900" : "border-emerald-200 bg-emerald-50 text-emerald-900";
  let body: React.ReactNode;
  if (notice === "added") {
    body = (
      <>
        <strong>{t("shop.toast.addedTitle")}</strong> {title && t("shop.toast.addedText", { title })}{" "}
        <LocalLink to="/cart" className="font-semibold underline">
          {t("frame.header.cart")}
        </LocalLink>
      </>
    );
  } else if (notice === "discord") {
    body = (
      <>
        <strong>{t("shop.toast.joinDiscord")}</strong>{" "}
        {discord && (
          <a href={discord} target="_blank" rel="noopener noreferrer" className={buttonClass({ size: "sm", className: "ml-2" })}>
            {t("shop.toast.joinDiscordAction")}
          </a>
        )}
      </>
    );
  } else if (notice === "unavailable") {
    body = title ? t("errors.product_out_of_stock", { product: title }) : t("errors.product_not_found");
  } else if (notice === "coupon-removed") {
    body = t("shop.toast.couponRemoved");
  } else {
    body = t("errors.request_invalid");
  }
  return (
    <div className="mx-auto max-w-7xl px-4 pt-4">
      <p role="status" className={`rounded-xl border px-4 py-3 text-sm ${tone}`}>
        {body}
      </p>
    </div>
  );
}
