/** The console's report actions, dispatched by intent (app/routes/admin/report.tsx); replies in `deps.t`'s language. */
import type { TFunction } from "i18next";
import type { SellerReportAction } from "~/domain/problem-reports";
import type { Db } from "../platform/db.server";
import type { Site } from "../platform/site.server";
import type { PayPalAdapter } from "../paypal/adapter.server";
import type { Actor } from "../seller-auth/audit.server";
import { answerReport, closeReport, redeliverReport, type SellerReportResult } from "./reports.server";
import { refundReport } from "./report-refund.server";
import type { StoredProof } from "../orders/delivery-proofs.server";

export async function applyReportAction(
  deps: { db: Db; site: Site; paypal: PayPalAdapter | null; seller: Actor; now: Date; t?: TFunction },
  reportId: number,
  action: SellerReportAction,
  /** A re-delivery's screenshots, already in the private storage (docs/decisions/043). */
  proofs: readonly StoredProof[] = [],
): Promise<SellerReportResult> {
  const { db, site, seller, now, t } = deps;
  switch (action.intent) {
    case "answer":
      return answerReport(db, site, seller, reportId, action.message, now, t);
    case "redeliver":
      return redeliverReport(
        db,
        site,
        seller,
        reportId,
        { publicNote: action.publicNote, privateNote: action.privateNote, close: action.close === "on" },
        now,
        proofs,
        t,
      );
    case "refund":
      return refundReport(
        deps,
        reportId,
        { amount: action.amount, reference: action.reference ?? "", reason: action.reason, requestKey: action.requestKey },
        now,
      );
    case "close":
      return closeReport(db, site, seller, reportId, action.reason, now, t);
  }
}
