/** The shop's environment pointing at a fake PayPal on `url` (Playwright, npm run dev:paypal). */
export function shopEnvForFakePayPal(url: string) {
  return {
    PAYPAL_CLIENT_ID: "fake-client-id",
    PAYPAL_CLIENT_SECRET: "fake-client-secret",
    PAYPAL_API_BASE: url,
    PAYPAL_SDK_URL: `${url}/sdk/js`,
    PAYPAL_WEBHOOK_ID: "FAKEWEBHOOKID",
  };
}
