import { Link, isRouteErrorResponse, useLocation } from "react-router";
import { loginPathFor } from "~/domain/seller-access";
import { Card } from "./kit/page";
import { useConsole } from "./use-console";

/**
 * Errors inside the console: a lapsed session offers the login page again, anything else says what
 * happened. Export it as a page's ErrorBoundary to keep the console's frame around the message;
 * `standalone` when nothing around it provides the page's <main> (the layout's and login's own boundaries).
 */
/** A refusal's own sentence (a role's 403 says what the role may not do), when it has one. */
function refusalText(error: unknown): string | null {
  if (!isRouteErrorResponse(error)) return null;
  const message = (error.data as { message?: unknown } | null)?.message;
  return typeof message === "string" ? message : null;
}

export function AdminError({ error, standalone = false }: { error: unknown; standalone?: boolean }) {
  const { pathname, search } = useLocation();
  const { t } = useConsole();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status >= 500 && typeof console !== "undefined") console.error(error);
  const [title, text] =
    status === 401
      ? [t("admin.error.sessionEnded"), t("admin.error.sessionEndedText")]
      : status === 403
        ? [t("admin.error.notAllowed"), refusalText(error) ?? t("admin.error.notFromConsole")]
        : status === 404
          ? [t("admin.error.notFound"), t("admin.error.notFoundText")]
          : status < 500
            ? [t("admin.error.refused"), t("admin.error.refusedText")]
            : [t("admin.error.failed"), t("admin.error.failedText")];
  const Wrapper = standalone ? "main" : "div";
  return (
    <Wrapper className="mx-auto max-w-xl px-4 py-16">
      <Card>
        <h1 className="mb-2 text-lg font-semibold text-slate-900">{title}</h1>
        <p className="text-sm text-slate-700">{text}</p>
        <p className="mt-4 text-sm">
          {status === 401 ? (
            <a href={loginPathFor(pathname + search)} className="font-semibold text-brand-700 underline">
              {t("admin.error.logIn")}
            </a>
          ) : (
            <Link to="/admin" className="font-semibold text-brand-700 underline">
              {t("admin.error.dashboard")}
            </Link>
          )}
        </p>
      </Card>
    </Wrapper>
  );
}
