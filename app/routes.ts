import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

// Every shopper page lives under an optional language segment: English has none, /fr and /es are
// prefixed; the layout's loader answers 404 for any other first segment. The seller console comes
// first, outside the prefixes (English only, never in the sitemap); everything in its layout
// requires a session (app/server/seller-auth/guard.server.ts), only the login steps and logout do not.
export default [
  ...prefix("admin", [
    route("login", "routes/admin/login.tsx"),
    route("login/code", "routes/admin/login-code.tsx"),
    route("logout", "routes/admin/logout.ts"),
    // An owner's invitation (docs/decisions/052): the invitee sets a password; no session needed.
    route("invite/:token", "routes/admin/invite.tsx"),
    route("orders/export.csv", "routes/admin/orders-export.ts"),
    route("inbox/subscribers.csv", "routes/admin/subscribers-export.ts"),
    // One analytics chart's numbers as CSV (issue 31): guarded like its page, chart by chart.
    route("analytics/csv/:chart", "routes/admin/analytics-export.ts"),
    // "Reveal login" (JSON, docs/decisions/022): resource route, guarded like the pages.
    route("orders/:id/login", "routes/admin/order-login.ts"),
    // A delivery proof (private storage, docs/decisions/043): resource route, guarded like the pages.
    route("orders/:id/proofs/:proof", "routes/admin/order-proof.ts"),
    // The product media manager's list and uploads (JSON; uploads stream to disk, server/body-limit.ts).
    route("products/:id/media", "routes/admin/product-media.ts"),
    // A campaign's mail as HTML, for the preview frame on its page (framed by the console only).
    route("campaigns/:id/preview", "routes/admin/campaign-preview.ts"),
    layout("routes/admin/layout.tsx", [
      index("routes/admin/dashboard.tsx"),
      route("orders", "routes/admin/orders.tsx"),
      route("orders/:id", "routes/admin/order.tsx"),
      // See the shop (issue 31, docs/decisions/051).
      route("analytics", "routes/admin/analytics.tsx"),
      // Problem reports from the order page (docs/decisions/034).
      route("reports", "routes/admin/reports.tsx"),
      route("reports/:id", "routes/admin/report.tsx"),
      // PayPal disputes and the blocklist (docs/decisions/035).
      route("disputes", "routes/admin/disputes.tsx"),
      route("disputes/:id", "routes/admin/dispute.tsx"),
      route("blocklist", "routes/admin/blocklist.tsx"),
      // Retention runs and buyers' data requests (docs/decisions/041).
      route("privacy", "routes/admin/privacy.tsx"),
      route("suppressions", "routes/admin/suppressions.tsx"),
      route("account", "routes/admin/account.tsx"),
      // Every account, invitations, roles, disabling (owner only; docs/decisions/052).
      route("accounts", "routes/admin/accounts.tsx"),
      route("login-keys", "routes/admin/login-keys.tsx"),
      // The shop (admin-shop): products, coupons, inbox.
      route("products", "routes/admin/products.tsx"),
      route("products/new", "routes/admin/product-new.tsx"),
      route("products/:id", "routes/admin/product.tsx"),
      route("coupons", "routes/admin/coupons.tsx"),
      route("coupons/new", "routes/admin/coupon-new.tsx"),
      route("coupons/:id", "routes/admin/coupon.tsx"),
      // Campaigns to newsletter subscribers (docs/decisions/046).
      route("campaigns", "routes/admin/campaigns.tsx"),
      route("campaigns/new", "routes/admin/campaign-new.tsx"),
      route("campaigns/:id", "routes/admin/campaign.tsx"),
      route("inbox", "routes/admin/inbox.tsx", [
        index("routes/admin/inbox-messages.tsx"),
        route("reviews", "routes/admin/inbox-reviews.tsx"),
        route("subscribers", "routes/admin/inbox-subscribers.tsx"),
      ]),
      route("*", "routes/admin/not-found.tsx"),
    ]),
  ]),
  // A campaign mail's product link: counted, then redirected (docs/decisions/046).
  route("c/:token", "routes/campaign-click.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("api/catalogue", "routes/api.catalogue.ts"),
  route("api/geo", "routes/api.geo.ts"),
  route("api/coupon", "routes/api.coupon.ts"),
  route("api/translations", "routes/api.translations.ts"),
  route("api/newsletter", "routes/api.newsletter.ts"),
  route("api/reviews", "routes/api.reviews.ts"),
  route("api/orders", "routes/api.orders.ts"),
  route("api/orders/login", "routes/api.orders.login.ts"),
  route("api/orders/login/state", "routes/api.orders.login.state.ts"),
  route("api/orders/login/withdraw", "routes/api.orders.login.withdraw.ts"),
  route("api/paypal/orders", "routes/api.paypal.orders.ts"),
  route("api/paypal/capture", "routes/api.paypal.capture.ts"),
  route("api/paypal/webhook", "routes/api.paypal.webhook.ts"),
  route("api/ses/notifications", "routes/api.ses.notifications.ts"),
  route("api/order-status", "routes/api.order-status.ts"),
  // The storefront's forms when the page's JavaScript has not taken over (docs/decisions/056).
  route("shop-actions", "routes/shop-actions.ts"),
  // "Download my data" (docs/decisions/041): the confirmation page's plain form answers with the file.
  route("privacy-request/download", "routes/privacy-request.download.ts"),
  // A delivery proof for the buyer, under the order's signed link (docs/decisions/043).
  route("order/:id/proofs/:proof", "routes/order-proof.ts"),
  ...prefix(":lang?", [
    layout("routes/lang-layout.tsx", [
      index("routes/home.tsx"),
      route("triggers", "routes/triggers.tsx"),
      route("triggers/permanent", "routes/triggers.permanent.tsx"),
      route("triggers/gift", "routes/triggers.gift.tsx"),
      route("rooms", "routes/rooms.tsx"),
      route("rooms/permanent", "routes/rooms.permanent.tsx"),
      route("bundles", "routes/bundles.tsx"),
      route("product/:id", "routes/product.tsx"),
      route("gift-checkout/:productId", "routes/gift-checkout.tsx"),
      route("cart", "routes/cart.tsx"),
      route("checkout", "routes/checkout.tsx"),
      route("privacy-policy", "routes/privacy-policy.tsx"),
      route("return-policy", "routes/return-policy.tsx"),
      route("terms-of-service", "routes/terms-of-service.tsx"),
      route("help-center", "routes/help-center.tsx"),
      route("contact", "routes/contact.tsx"),
      route("thank-you", "routes/thank-you.tsx"),
      route("login-required", "routes/login-required.tsx"),
      route("share", "routes/share.tsx"),
      // Language and currency as plain forms, before (or without) JavaScript (docs/decisions/056).
      route("preferences", "routes/preferences.tsx"),
      route("newsletter/subscribe", "routes/newsletter.subscribe.tsx"),
      route("newsletter/confirm", "routes/newsletter.confirm.tsx"),
      route("newsletter/unsubscribe", "routes/newsletter.unsubscribe.tsx"),
      // "Email me when it's back" and its mail's stop link (docs/decisions/045).
      route("back-in-stock/stop", "routes/back-in-stock.stop.tsx"),
      route("back-in-stock/:id", "routes/back-in-stock.tsx"),
      route("order", "routes/order-lookup.tsx"),
      route("order/:id", "routes/order-status.tsx"),
      route("privacy-request", "routes/privacy-request.tsx"),
      route("*", "routes/not-found.tsx"),
    ]),
  ]),
] satisfies RouteConfig;
