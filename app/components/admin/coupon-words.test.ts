/**
 * The console's English for coupons and campaigns stays the domain's (docs/decisions/055: e2e specs
 * select by it; the CLI and exports keep using the domain's labels).
 */
import { describe, expect, it } from "vitest";
import { CAMPAIGN_STATUS_LABELS } from "~/domain/campaigns";
import type { Coupon } from "~/domain/coupons";
import { COUPON_STATUS_LABEL, COUPON_TYPE_LABEL, couponReward, usageLeft } from "~/domain/seller/coupon-view";
import { getI18n } from "~/i18n/i18n";
import { resources } from "~/i18n/resources.server";
import { rewardText, usageLeftText } from "./coupon-words";

const rewards: Pick<Coupon, "type" | "value" | "freeProductId">[] = [
  { type: "percentage", value: 15, freeProductId: null },
  { type: "fixed", value: 123_456, freeProductId: null },
  { type: "free_product", value: 0, freeProductId: "tramp-house" },
  { type: "free_product", value: 0, freeProductId: "gone" },
  { type: "free_product", value: 0, freeProductId: null },
];
const title = (id: string) => (id === "tramp-house" ? "Tramp House Room" : undefined);

describe("coupon and campaign words", () => {
  const { t } = getI18n("en");

  it("say in English what the domain says", () => {
    for (const coupon of rewards) expect(rewardText(t, coupon, title)).toBe(couponReward(coupon, title));
    for (const coupon of [
      { usageLimit: null, usedCount: 3 },
      { usageLimit: 1000, usedCount: 3 },
      { usageLimit: 5, usedCount: 9 },
    ])
      expect(usageLeftText(t, coupon)).toBe(usageLeft(coupon));
    expect(resources.en.adminCoupons).toMatchObject({ status: COUPON_STATUS_LABEL, types: COUPON_TYPE_LABEL });
    expect(resources.en.adminCampaigns).toMatchObject({ status: CAMPAIGN_STATUS_LABELS });
  });

  it("speak French", () => {
    const fr = getI18n("fr").t;
    expect(rewardText(fr, rewards[0], title)).toBe("15 % de réduction");
    expect(rewardText(fr, rewards[2], title)).toBe("Tramp House Room offert");
    expect(usageLeftText(fr, { usageLimit: 1000, usedCount: 3 })).toBe("Encore 997 sur 1000");
  });
});
