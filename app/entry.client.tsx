import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadDocumentTranslations } from "~/i18n/load-areas";

// The document's strings first (preloaded by <head>, cached after the first page: docs/decisions/060),
// so hydration renders the server's text. A failed fetch still hydrates: the forms work without it.
void loadDocumentTranslations(document).finally(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
