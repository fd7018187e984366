import { useCallback, useEffect, useRef } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useNavigate } from "react-router";
import { toast } from "~/lib/toast";
import type { ProductSummary } from "~/domain/product";
import { Button, ButtonLink, buttonClass } from "~/components/ui/button";
import { Gift } from "~/components/ui/icon";
import { useLocalize } from "~/components/ui/local-link";
import { isGiftingProduct } from "~/domain/gifts";
import { shopActionButton } from "~/components/ui/shop-action";
import { usePublicConfig } from "~/state/storefront-data";
import { useCart } from "~/state/cart";

/** SPEC §4/§9: how long the 'Join Discord server for order!' toast stays before going to the product. */
const OUT_OF_STOCK_TOAST_MS = 8000;

type Buyable = Pick<ProductSummary, "id" | "inStock">;

/**
 * Buy Now: in stock → add to the cart and go to checkout; out of stock → point to the Discord server
 * for 8 s, then open the product page (SPEC §4).
 */
function useBuyNow(): (product: Buyable) => void {
  const { t } = useTranslation();
  const cart = useCart();
  const navigate = useNavigate();
  const localize = useLocalize();
  const discord = usePublicConfig()?.links.discord ?? null;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // Leaving the page cancels the pending redirect: it would otherwise yank the shopper back.
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  return useCallback(
    (product: Buyable) => {
      if (product.inStock) {
        // Already in the cart: go and pay for it rather than doubling the quantity.
        if (!cart.items.some((item) => item.id === product.id)) cart.add(product.id);
        toast.success(t("shop.toast.proceeding"));
        void navigate(localize("/checkout"));
        return;
      }
      toast(t("shop.toast.joinDiscord"), {
        duration: OUT_OF_STOCK_TOAST_MS,
        action: discord ? (
          <a href={discord} target="_blank" rel="noopener noreferrer" className={buttonClass({ size: "sm", className: "ml-auto shrink-0" })}>
            {t("shop.toast.joinDiscordAction")}
          </a>
        ) : undefined,
      });
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = null;
        void navigate(localize(`/product/${encodeURIComponent(product.id)}`));
      }, OUT_OF_STOCK_TOAST_MS);
    },
    [cart, discord, localize, navigate, t],
  );
}

export function AddToCartButton({ product, className = "" }: { product: Buyable; className?: string }) {
  const { t } = useTranslation();
  const { add } = useCart();
  return (
    // A form post before hydration (docs/decisions/056); in the browser once hydrated.
    <Button
      {...shopActionButton(`add:${product.id}`)}
      onClick={(event) => {
        event.preventDefault();
        add(product.id);
      }}
      disabled={!product.inStock}
      className={className ? `btn-card btn-add ${className}` : "btn-card btn-add"}
    >
      {t("shop.addToCart")}
    </Button>
  );
}

/** `disableWhenOutOfStock` on the product page; grids keep it enabled for the Discord flow. */
export function BuyNowButton({
  product,
  disableWhenOutOfStock = false,
  className = "",
}: {
  product: Buyable;
  disableWhenOutOfStock?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const buyNow = useBuyNow();
  return (
    <Button
      variant="secondary"
      {...shopActionButton(`buy:${product.id}`)}
      onClick={(event) => {
        event.preventDefault();
        buyNow(product);
      }}
      disabled={disableWhenOutOfStock && !product.inStock}
      className={className ? `btn-card btn-buy ${className}` : "btn-card btn-buy"}
    >
      {t("shop.buyNow")}
    </Button>
  );
}

/**
 * "Send as a gift" on a gifting product in stock (issue 29): the gift form at
 * /gift-checkout/{id}, which orders that product alone for someone else's game username.
 */
export function SendAsGiftLink({ product, className = "" }: { product: Pick<ProductSummary, "id" | "inStock" | "delivery" | "title">; className?: string }) {
  const { t } = useTranslation();
  if (!product.inStock || !isGiftingProduct(product)) return null;
  return (
    <ButtonLink
      to={`/gift-checkout/${encodeURIComponent(product.id)}`}
      variant="ghost"
      aria-label={t("shop.sendAsGiftLabel", { title: product.title })}
      className={className ? `btn-card ${className}` : "btn-card"}
    >
      <Gift aria-hidden="true" className="size-4" />
      {t("shop.sendAsGift")}
    </ButtonLink>
  );
}
