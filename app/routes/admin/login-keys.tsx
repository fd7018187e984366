import { useLoaderData } from "react-router";
import { z } from "~/domain/zod";
import type { Route } from "./+types/login-keys";
import { AdminError } from "~/components/admin/admin-error";
import type { TFunction } from "i18next";
import { Card, PageTitle } from "~/components/admin/kit/page";
import { Table } from "~/components/admin/kit/table";
import { LoginKeyCreator } from "~/components/admin/login-key-creator";
import { consoleMeta } from "~/components/admin/meta";
import { useConsole } from "~/components/admin/use-console";
import { consoleT, consoleTranslations } from "~/i18n/console.server";
import { recordSellerAction } from "~/server/seller-auth/audit.server";
import { done, readJson, refused } from "~/server/platform/forms.server";
import { routeAccess } from "~/domain/seller/permissions";
import { requireSeller } from "~/server/seller-auth/guard.server";
import { sellerAlertLang } from "~/server/seller-auth/sellers.server";
import { createSellerKey, listSellerKeys } from "~/server/login-handoff/keys.server";
import { queueKeyCreatedAlert } from "~/server/login-handoff/seller-key-mail.server";

/** What this route needs (docs/decisions/036-staff-roles.md; the walk test checks it). */
export const access = routeAccess({ read: "login-keys.manage", write: "login-keys.manage" });

// The page's words: locales/{lang}/adminPrivacy.json (docs/decisions/055).
export const meta: Route.MetaFunction = ({ matches }) => consoleMeta(matches, "adminPrivacy.keys.title");

export async function loader({ request, context }: Route.LoaderArgs) {
  const seller = await requireSeller(request, access.read, context.services);
  return { keys: await listSellerKeys(context.services.db), translations: consoleTranslations(seller.lang, ["adminPrivacy"]) };
}

/** What the browser posts: the public key and the passphrase-encrypted private key, never the passphrase. */
const newKeySchema = z.object({
  publicKey: z.string().check(z.maxLength(64)),
  privateKey: z.object({
    ciphertext: z.string().check(z.maxLength(128)),
    iv: z.string().check(z.maxLength(32)),
    salt: z.string().check(z.maxLength(32)),
    iterations: z.int(),
  }),
});

export async function action({ request, context }: Route.ActionArgs) {
  const seller = await requireSeller(request, access.write, context.services);
  const t = consoleT(seller.lang);
  const parsed = newKeySchema.safeParse(await readJson(request));
  if (!parsed.success) return refused(422, t("adminPrivacy.keys.unreadable"));
  const now = context.services.now();
  const result = await createSellerKey(context.services.db, parsed.data, seller.actor, now, async (tx, keyId) => {
    await recordSellerAction(tx, seller, "login_key_created", `login-key:${keyId}`, { publicKey: parsed.data.publicKey }, now);
    await queueKeyCreatedAlert(
      tx,
      context.services.site,
      seller.actor,
      keyId,
      parsed.data.publicKey,
      now,
      await sellerAlertLang(tx, context.services.site.sellerEmail),
    );
  });
  if (!result.ok) return refused(result.status, t("adminPrivacy.keys.malformed"));
  return done(t("adminPrivacy.keys.active", { id: result.value.id }));
}

function keyState(t: TFunction, when: (date: Date) => string, key: { retiredAt: Date | null; destroyedAt: Date | null }): string {
  if (key.destroyedAt) return t("adminPrivacy.keys.destroyed", { at: when(key.destroyedAt) });
  if (key.retiredAt) return t("adminPrivacy.keys.retired", { at: when(key.retiredAt) });
  return t("adminPrivacy.keys.stateActive");
}

export default function LoginKeysPage() {
  const { keys } = useLoaderData<typeof loader>();
  const active = keys.find((k) => !k.retiredAt);
  const { t, when } = useConsole();
  return (
    <>
      <PageTitle>{t("adminPrivacy.keys.title")}</PageTitle>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title={active ? t("adminPrivacy.keys.rotate") : t("adminPrivacy.keys.create")}>
          {!active && <p className="mb-3 text-sm text-slate-700">{t("adminPrivacy.keys.none")}</p>}
          <LoginKeyCreator rotating={Boolean(active)} />
        </Card>
        <Card title={t("adminPrivacy.keys.how")}>
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
            <li>{t("adminPrivacy.keys.how1")}</li>
            <li>{t("adminPrivacy.keys.how2")}</li>
            <li>{t("adminPrivacy.keys.how3")}</li>
            <li>{t("adminPrivacy.keys.how4")}</li>
            <li>{t("adminPrivacy.keys.how5")}</li>
          </ul>
        </Card>
      </div>
      <Card title={t("adminPrivacy.keys.pairs")} className="mt-4">
        <Table
          dense
          empty={t("adminPrivacy.keys.noneYet")}
          caption={t("adminPrivacy.keys.pairs")}
          columns={[t("adminPrivacy.keys.colKey"), t("adminPrivacy.keys.colState"), t("adminPrivacy.keys.colCreated"), t("adminPrivacy.keys.colSealed")]}
          rows={keys.map((key) => [
            <span>
              #{key.id} <span className="font-mono text-xs text-slate-600">{key.publicKey.slice(0, 12)}…</span>
            </span>,
            keyState(t, when, key),
            t("adminPrivacy.keys.createdBy", { at: when(key.createdAt), by: key.createdBy }),
            key.liveLogins,
          ])}
        />
      </Card>
    </>
  );
}

/** Inside the console's frame: a refusal (a role's 403), an unknown id, a request the page cannot read. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
