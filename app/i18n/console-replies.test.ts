import { describe, expect, it } from "vitest";
import { consoleT } from "./console.server";

// The console's replies built outside the routes (docs/decisions/055): English says word for word
// what the server said before they were translated, plurals and pieces included.
describe("console replies in English", () => {
  const t = consoleT("en");

  it("counts screenshots and entries as the former sentences did", () => {
    expect(t("adminOrders.replies.deliveredShots", { count: 1 })).toBe(
      "Delivered with 1 screenshot: the buyer's status page shows it and their email is on its way.",
    );
    expect(t("adminOrders.replies.deliveredShots", { count: 3 })).toBe(
      "Delivered with 3 screenshots: the buyer's status page shows it and their email is on its way.",
    );
    expect(t("adminReports.replies.redelivered", { delivery: 7, count: 0 })).toBe("Re-delivered (delivery 7): the buyer is mailed.");
    expect(t("adminReports.replies.redeliveredClosed", { delivery: 7, count: 0 })).toBe(
      "Re-delivered (delivery 7) and closed the report: the buyer is mailed.",
    );
    expect(t("adminReports.replies.redeliveredShots", { delivery: 7, count: 1 })).toBe("Re-delivered (delivery 7) with 1 screenshot: the buyer is mailed.");
    expect(t("adminReports.replies.redeliveredShotsClosed", { delivery: 7, count: 2 })).toBe(
      "Re-delivered (delivery 7) with 2 screenshots and closed the report: the buyer is mailed.",
    );
    expect(t("adminReports.disputeReplies.blocked", { count: 1 })).toBe("Blocked the buyer (1 new entry).");
    expect(t("adminReports.disputeReplies.blocked", { count: 2 })).toBe("Blocked the buyer (2 new entries).");
  });

  it("puts the evidence reply together from its pieces", () => {
    const shots = t("adminReports.disputeReplies.shots", { count: 2 });
    const left = t("adminReports.disputeReplies.left", { count: 1 });
    expect(t("adminReports.disputeReplies.evidenceSent", { shots: "", left: "" })).toBe("Evidence sent to PayPal as proof of fulfilment.");
    expect(t("adminReports.disputeReplies.evidenceSent", { shots, left })).toBe(
      "Evidence sent to PayPal as proof of fulfilment with 2 delivery screenshots (1 more left out: PayPal takes at most 50 MB per answer, under 10 MB a file).",
    );
    expect(t("adminReports.disputeReplies.refused", { what: t("adminReports.disputeReplies.whatAccept"), issue: "NOT_ALLOWED" })).toBe(
      "PayPal refused accepting the claim: NOT_ALLOWED. Nothing was recorded; read the dispute again and retry.",
    );
  });

  it("says the same in French and Spanish with natural plurals", () => {
    expect(consoleT("fr")("adminReports.replies.redeliveredShots", { delivery: 7, count: 2 })).toBe(
      "Livrée de nouveau (livraison 7) avec 2 captures d'écran : l'acheteur est prévenu par e-mail.",
    );
    expect(consoleT("es")("adminReports.disputeReplies.blocked", { count: 1 })).toBe("Comprador bloqueado (1 entrada nueva).");
  });
});
