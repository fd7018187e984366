import { afterAll, afterEach, beforeAll, expect } from "vitest";
import type { PayPalConfig } from "~/server/paypal/config.server";
import { startFakePayPal, type FakePayPal, type FakePayPalOptions } from "../mocks/paypal-server";

/**
 * One fake PayPal for the test file; after each test it must have seen no contract violation
 * (a test that provokes one on purpose takes it with fake.takeViolations()), then it is reset.
 */
export function useFakePayPal(options: FakePayPalOptions = {}): () => FakePayPal {
  let fake: FakePayPal | undefined;
  beforeAll(async () => {
    fake = await startFakePayPal(options);
  }, 60_000);
  afterEach(() => {
    const violations = fake!.takeViolations();
    fake!.reset();
    expect(violations, "requests the PayPal contracts forbid").toEqual([]);
  });
  afterAll(async () => {
    await fake?.close();
  });
  return () => {
    if (!fake) throw new Error("useFakePayPal(): the fake starts in beforeAll");
    return fake;
  };
}

/** Adapter configuration pointing at the fake, with no back-off so retries are instant. */
export function fakePayPalConfig(fake: FakePayPal, overrides: Partial<PayPalConfig> = {}): PayPalConfig {
  return {
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    apiBase: fake.url,
    siteUrl: "http://shop.test",
    brandName: "Trigger Shop",
    softDescriptor: "TRIGGERSHOP",
    timeoutMs: 2_000,
    retryDelayMs: 0,
    ...overrides,
  };
}
