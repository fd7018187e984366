import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkRefund, refundPosition, reinstatableCents } from "./refunds";

const capture = (amountCents: number) => ({ kind: "capture", status: "COMPLETED", amountCents });
const refund = (amountCents: number, status = "COMPLETED") => ({ kind: "refund", status, amountCents });

describe("refundPosition", () => {
  it("is fully refunded when completed refunds reach the captured amount, partial + partial included", () => {
    expect(refundPosition([capture(5499), refund(1000)])).toEqual({
      capturedCents: 5499,
      refundedCents: 1000,
      pendingCents: 0,
      refundableCents: 4499,
      fullyRefunded: false,
    });
    expect(refundPosition([capture(5499), refund(1000), refund(4499)])).toMatchObject({ refundedCents: 5499, refundableCents: 0, fullyRefunded: true });
  });

  it("keeps a pending refund out of 'refunded' but counts it against what is left", () => {
    const position = refundPosition([capture(5499), refund(5499, "PENDING")]);
    expect(position).toMatchObject({ refundedCents: 0, pendingCents: 5499, refundableCents: 0, fullyRefunded: false });
    expect(checkRefund(position, 1)).toEqual({ ok: false, code: "refund_exceeds", leftCents: 0 });
  });

  it("reads rows written before the rule (PayPal's REFUNDED and REVERSED) as money back, and ignores attempts", () => {
    const position = refundPosition([
      { kind: "attempt", status: "CREATED", amountCents: 5499 },
      capture(5499),
      refund(499, "REFUNDED"),
      refund(5000, "REVERSED"),
    ]);
    expect(position).toMatchObject({ capturedCents: 5499, refundedCents: 5499, fullyRefunded: true });
  });

  it("never calls an order without a payment refunded", () => {
    expect(refundPosition([]).fullyRefunded).toBe(false);
    expect(refundPosition([refund(100)]).fullyRefunded).toBe(false);
  });

  it("never lets accepted refunds exceed the capture, whatever their order and states", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.array(fc.record({ cents: fc.integer({ min: -5, max: 60_000 }), pending: fc.boolean() }), { maxLength: 12 }),
        (captured, asks) => {
          const rows: { kind: string; status: string; amountCents: number }[] = [capture(captured)];
          for (const ask of asks) {
            if (checkRefund(refundPosition(rows), ask.cents).ok) rows.push(refund(ask.cents, ask.pending ? "PENDING" : "COMPLETED"));
          }
          const position = refundPosition(rows);
          expect(position.refundedCents + position.pendingCents).toBeLessThanOrEqual(captured);
          expect(position.refundableCents).toBe(captured - position.refundedCents - position.pendingCents);
          expect(position.fullyRefunded).toBe(position.refundedCents === captured);
        },
      ),
    );
  });
});

describe("checkRefund", () => {
  const position = refundPosition([capture(2000), refund(500)]);

  it("accepts whole cents up to what is left", () => {
    expect(checkRefund(position, 1500)).toEqual({ ok: true });
    expect(checkRefund(position, 1)).toEqual({ ok: true });
  });

  it("refuses more than is left, zero, fractions, and refunds of an order nothing was captured for", () => {
    expect(checkRefund(position, 1501)).toEqual({ ok: false, code: "refund_exceeds", leftCents: 1500 });
    expect(checkRefund(position, 0)).toMatchObject({ ok: false, code: "refund_amount_invalid" });
    expect(checkRefund(position, 10.5)).toMatchObject({ ok: false, code: "refund_amount_invalid" });
    expect(checkRefund(refundPosition([]), 100)).toEqual({ ok: false, code: "refund_no_payment", leftCents: 0 });
  });

  it("a reinstatement (a chargeback won) undoes that much of the reversal, and only of a reversal", () => {
    const reversal = { kind: "refund", status: "COMPLETED", amountCents: 1000, cause: "reversal" };
    const won = { kind: "reinstatement", status: "COMPLETED", amountCents: 1000 };
    expect(refundPosition([capture(1000), reversal]).fullyRefunded).toBe(true);
    expect(refundPosition([capture(1000), reversal, won])).toMatchObject({ refundedCents: 0, refundableCents: 1000, fullyRefunded: false });
    expect(reinstatableCents([capture(1000), reversal])).toBe(1000);
    expect(reinstatableCents([capture(1000), reversal, won])).toBe(0);
    // A refund the seller made is not given back by a won dispute.
    expect(reinstatableCents([capture(1000), { kind: "refund", status: "COMPLETED", amountCents: 1000, cause: "console" }])).toBe(0);
  });
});
