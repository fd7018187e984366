import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

// Every shopper page lives under an optional language segment: English has none, /fr and /es are
// prefixed; the layout's loader answers 404 for any other first segment.
export default [
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("locales/:lang", "routes/locales.ts"),
  route("api/coupon", "routes/api.coupon.ts"),
  route("api/newsletter", "routes/api.newsletter.ts"),
  route("api/reviews", "routes/api.reviews.ts"),
  route("api/orders", "routes/api.orders.ts"),
  route("api/orders/login", "routes/api.orders.login.ts"),
  route("api/orders/login/state", "routes/api.orders.login.state.ts"),
  route("api/orders/login/withdraw", "routes/api.orders.login.withdraw.ts"),
  route("api/paypal/orders", "routes/api.paypal.orders.ts"),
  route("api/paypal/capture", "routes/api.paypal.capture.ts"),
  route("api/paypal/webhook", "routes/api.paypal.webhook.ts"),
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
      route("*", "routes/not-found.tsx"),
    ]),
  ]),
] satisfies RouteConfig;
