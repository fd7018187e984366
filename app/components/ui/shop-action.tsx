import { useLocation } from "react-router";
import { localizePath, splitLangFromPath } from "~/domain/lang-path";
import { SHOP_ACTIONS_PATH } from "~/domain/shop-actions";

/** The id of the frame's one storefront form (ShopActionForm), which buttons anywhere on the page submit. */
export const SHOP_FORM_ID = "shop-action";

/**
 * The frame's form for the storefront's buttons (docs/decisions/056): a button naming it (shopActionButton)
 * posts `do=<its value>` and the page it was on. Before the page's JavaScript has hydrated, or
 * without it, the post completes on the server; once hydrated, each button's click handler acts in
 * the browser instead and cancels the post. One form for the whole page, not one per button: the
 * home page's grid would otherwise carry two forms per card.
 */
export function ShopActionForm() {
  const { pathname, search } = useLocation();
  return (
    <form id={SHOP_FORM_ID} method="post" action={SHOP_ACTIONS_PATH} hidden>
      <input type="hidden" name="back" value={pathname + search} />
    </form>
  );
}

/**
 * A submit button's attributes for ShopActionForm: `value` is `<intent>:<product id>`, or
 * `quantity:<n>:<product id>` (app/domain/shop-actions.ts parseShopDo). Its onClick must call
 * `event.preventDefault()` when it handles the action in the browser.
 */
export function shopActionButton(value: string) {
  return { type: "submit" as const, form: SHOP_FORM_ID, name: "do", value };
}

/**
 * The hidden fields of a form of its own posting to the storefront's actions (the coupon box, the
 * preferences page): its intent and the page to come back to.
 */
export function ShopActionFields({ intent }: { intent: string }) {
  const { pathname, search } = useLocation();
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="back" value={pathname + search} />
    </>
  );
}

/**
 * The language and currency choices as a page of plain forms (routes/preferences.tsx), with the
 * page to come back to: where the header's switchers lead before the page's JavaScript has hydrated.
 */
export function usePreferencesHref(): string {
  const { pathname, search } = useLocation();
  const { lang } = splitLangFromPath(pathname);
  return `${localizePath("/preferences", lang)}?back=${encodeURIComponent(pathname + search)}`;
}
