import { Link, isRouteErrorResponse, useLocation } from "react-router";
import { loginPathFor } from "~/domain/seller-access";
import { Card } from "./kit/page";

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
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status >= 500 && typeof console !== "undefined") console.error(error);
  const [title, text] =
    status === 401
      ? ["Your session has ended", "Log in again to carry on where you were."]
      : status === 403
        ? ["Not allowed", refusalText(error) ?? "This request did not come from the seller console."]
        : status === 404
          ? ["Not found", "There is nothing at this address in the console."]
          : status < 500
            ? ["Request refused", "The console could not read this request. Go back and try again."]
            : ["Something went wrong", "The error was logged. Try again, or go back to the dashboard."];
  const Wrapper = standalone ? "main" : "div";
  return (
    <Wrapper className="mx-auto max-w-xl px-4 py-16">
      <Card>
        <h1 className="mb-2 text-lg font-semibold text-slate-900">{title}</h1>
        <p className="text-sm text-slate-700">{text}</p>
        <p className="mt-4 text-sm">
          {status === 401 ? (
            <a href={loginPathFor(pathname + search)} className="font-semibold text-brand-700 underline">
              Log in
            </a>
          ) : (
            <Link to="/admin" className="font-semibold text-brand-700 underline">
              Dashboard
            </Link>
          )}
        </p>
      </Card>
    </Wrapper>
  );
}
