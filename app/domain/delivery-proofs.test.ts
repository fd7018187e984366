import { describe, expect, it } from "vitest";
import { buyerProofPath, fitEvidenceFiles, PAYPAL_EVIDENCE_MAX_FILE_BYTES, PAYPAL_EVIDENCE_MAX_TOTAL_BYTES } from "./delivery-proofs";

const MB = 1024 * 1024;

describe("fitEvidenceFiles (PayPal's documented limits: each file under 10 MB, 50 MB per call)", () => {
  it("sends every file that fits beside the PDF, in order", () => {
    const files = [{ size: 2 * MB }, { size: 3 * MB }];
    expect(fitEvidenceFiles(files, 100_000)).toEqual({ sent: files, left: [] });
  });

  it("leaves out a file of 10 MB or more, and any that would pass 50 MB in all", () => {
    const big = { size: PAYPAL_EVIDENCE_MAX_FILE_BYTES };
    const nine = Array.from({ length: 6 }, () => ({ size: 9 * MB }));
    const { sent, left } = fitEvidenceFiles([big, ...nine], MB);
    expect(left[0]).toBe(big);
    expect(sent).toHaveLength(5);
    expect(MB + sent.reduce((sum, f) => sum + f.size, 0)).toBeLessThanOrEqual(PAYPAL_EVIDENCE_MAX_TOTAL_BYTES);
    expect(left).toHaveLength(2);
  });

  it("skips an empty file", () => {
    expect(fitEvidenceFiles([{ size: 0 }], 0).left).toHaveLength(1);
  });
});

it("the buyer's proof path sits under the order link with its key", () => {
  expect(buyerProofPath("ORD261127120000-AB12", 7, "k/ey")).toBe("/order/ORD261127120000-AB12/proofs/7?k=k%2Fey");
});
