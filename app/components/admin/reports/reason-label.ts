import type { ReportReason } from "~/domain/problem-reports";

/** The console's words for each reason (English, like the console). */
export const REASON_LABELS: Record<ReportReason, string> = {
  not_received: "Not received after the promised time",
  wrong_item: "Wrong item",
  warranty: "Stopped working (30-day warranty)",
  charged_twice: "Charged twice",
  other: "Something else",
};
