import { deferred } from "~/components/ui/deferred";

/** The payment details dialog (and zod, which validates it), fetched when the shopper first opens it. */
export const detailsDialog = deferred(() => import("./details-dialog").then((m) => m.DetailsDialog), ["checkout", "dialogs"]);
