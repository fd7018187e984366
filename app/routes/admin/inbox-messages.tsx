import { Form, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/inbox-messages";
import { AdminError } from "~/components/admin/admin-error";
import { consoleMeta } from "~/components/admin/meta";
import { useConsole } from "~/components/admin/use-console";
import { consoleT, consoleTranslations } from "~/i18n/console.server";
import { Pager, Tabs } from "~/components/admin/kit/tabs";
import { SubmitButton } from "~/components/admin/kit/fields";
import { Card } from "~/components/admin/kit/page";
import { ReplyNotice } from "~/components/admin/kit/reply";
import { buttonClass } from "~/components/ui/button";
import { replyMailto } from "~/domain/seller/reply-link";
import { done, field, readForm, refused } from "~/server/platform/forms.server";
import { routeAccess } from "~/domain/seller/permissions";
import { requireIntent, requireSeller } from "~/server/seller-auth/guard.server";
import { listContactMessages, pageNumber, setMessageRead, type ContactFilter } from "~/server/contact/inbox.server";

/** What this route needs (docs/decisions/036-staff-roles.md; the walk test checks it). */
export const access = routeAccess({ read: "inbox.view", write: { read: "inbox.work", unread: "inbox.work" } });

export const meta: Route.MetaFunction = ({ matches }) => consoleMeta(matches, "adminInbox.inbox.messages");

const FILTERS: readonly { value: ContactFilter; label: string }[] = [
  { value: "unread", label: "adminInbox.messages.unread" },
  { value: "read", label: "adminInbox.messages.read" },
  { value: "all", label: "adminInbox.messages.all" },
];

const filterOf = (url: URL): ContactFilter => FILTERS.find((f) => f.value === url.searchParams.get("show"))?.value ?? "unread";

export async function loader({ request, context }: Route.LoaderArgs) {
  const seller = await requireSeller(request, access.read, context.services);
  const url = new URL(request.url);
  const filter = filterOf(url);
  const list = await listContactMessages(context.services.db, filter, pageNumber(url));
  return {
    filter,
    ...list,
    rows: list.rows.map((m) => ({ ...m, reply: replyMailto(m) })),
    translations: consoleTranslations(seller.lang, ["adminInbox"]),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const seller = await requireSeller(request, "console", context.services);
  const form = await readForm(request);
  await requireIntent(request, seller, access, field(form, "intent"), context.services);
  const intent = field(form, "intent");
  const t = consoleT(seller.lang);
  const id = Number(field(form, "id"));
  if ((intent !== "read" && intent !== "unread") || !Number.isSafeInteger(id) || id < 1) return refused(400, t("admin.form.unknownAction"));
  if (!(await setMessageRead(context.services.db, seller, id, intent === "read", context.services.now())))
    return refused(404, t("adminInbox.messages.noMessage"));
  return done(intent === "read" ? t("adminInbox.messages.markedRead") : t("adminInbox.messages.markedUnread"));
}

const LANGS_NAMED = new Set(["en", "fr", "es"]);

export default function Messages() {
  const { filter, rows, page, pages, total } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const href = (show: ContactFilter, p = 1) => `/admin/inbox?show=${show}${p > 1 ? `&page=${p}` : ""}`;
  const { t, when } = useConsole();
  return (
    <>
      <Tabs label={t("adminInbox.messages.show")} tabs={FILTERS.map((f) => ({ to: href(f.value), label: t(f.label), active: f.value === filter }))} />
      <ReplyNotice reply={reply} />
      <h2 className="sr-only">{t(`adminInbox.messages.heading.${filter}`)}</h2>
      {rows.length === 0 ? (
        <Card>
          <p className="text-sm text-slate-700">{filter === "unread" ? t("adminInbox.messages.caughtUp") : t("adminInbox.messages.none")}</p>
        </Card>
      ) : (
        <ul className="grid gap-3" aria-label={t("adminInbox.messages.count", { count: total })}>
          {rows.map((m) => (
            <li key={m.id}>
              <article aria-labelledby={`message-${m.id}`} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
                <header className="mb-2 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                  <h3 id={`message-${m.id}`} className="font-semibold text-slate-900">
                    {m.name} <span className="font-normal text-slate-600">&lt;{m.email}&gt;</span>
                  </h3>
                  <p className="text-xs text-slate-600">
                    {when(m.createdAt)} · {LANGS_NAMED.has(m.lang) ? t(`adminInbox.messages.lang.${m.lang}`) : m.lang} ·{" "}
                    {m.handled ? t("adminInbox.messages.read") : <strong className="text-amber-800">{t("adminInbox.messages.unread")}</strong>}
                  </p>
                </header>
                <p className="whitespace-pre-wrap break-words text-sm text-slate-800">{m.message}</p>
                <div className="mt-3 flex flex-wrap gap-2">
                  <a href={m.reply} className={buttonClass({ variant: "primary" })}>
                    {t("adminInbox.messages.reply")}
                    <span className="sr-only"> {t("adminInbox.messages.replyTo", { name: m.name })}</span>
                  </a>
                  <Form method="post">
                    <input type="hidden" name="id" value={m.id} />
                    <SubmitButton
                      intent={m.handled ? "unread" : "read"}
                      target={String(m.id)}
                      variant="secondary"
                      pendingLabel={t("adminInbox.messages.saving")}
                    >
                      {m.handled ? t("adminInbox.messages.markUnread") : t("adminInbox.messages.markRead")}
                      <span className="sr-only"> {t("adminInbox.messages.from", { name: m.name })}</span>
                    </SubmitButton>
                  </Form>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pages={pages} href={(p) => href(filter, p)} />
    </>
  );
}

/** Inside the console's frame: a refusal (a role's 403), an unknown id, a request the page cannot read. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
