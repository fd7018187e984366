import { useLoaderData } from "react-router";
import { z } from "~/domain/zod";
import type { Route } from "./+types/login-keys";
import { AdminError } from "~/components/admin/admin-error";
import { utc } from "~/components/admin/kit/format";
import { Card, PageTitle } from "~/components/admin/kit/page";
import { Table } from "~/components/admin/kit/table";
import { LoginKeyCreator } from "~/components/admin/login-key-creator";
import { adminMeta } from "~/components/admin/meta";
import { recordSellerAction } from "~/server/seller-auth/audit.server";
import { done, readJson, refused } from "~/server/platform/forms.server";
import { routeAccess } from "~/domain/seller/permissions";
import { requireSeller } from "~/server/seller-auth/guard.server";
import { createSellerKey, listSellerKeys } from "~/server/login-handoff/keys.server";
import { queueKeyCreatedAlert } from "~/server/login-handoff/seller-key-mail.server";

/** What this route needs (docs/decisions/036-staff-roles.md; the walk test checks it). */
export const access = routeAccess({ read: "login-keys.manage", write: "login-keys.manage" });

export const meta: Route.MetaFunction = () => adminMeta("Login keys");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, access.read, context.services);
  return { keys: await listSellerKeys(context.services.db) };
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
  const parsed = newKeySchema.safeParse(await readJson(request));
  if (!parsed.success) return refused(422, "The key pair could not be read: reload the page and try again.");
  const now = context.services.now();
  const result = await createSellerKey(context.services.db, parsed.data, seller.actor, now, async (tx, keyId) => {
    await recordSellerAction(tx, seller, "login_key_created", `login-key:${keyId}`, { publicKey: parsed.data.publicKey }, now);
    await queueKeyCreatedAlert(tx, context.services.site, seller.actor, keyId, parsed.data.publicKey, now);
  });
  if (!result.ok) return refused(result.status, "This key pair is not well formed: reload the page and try again.");
  return done(`Key pair #${result.value.id} is active: buyers' logins are now sealed to it. Keep the passphrase safe.`);
}

function keyState(key: { retiredAt: Date | null; destroyedAt: Date | null }): string {
  if (key.destroyedAt) return `Destroyed ${utc(key.destroyedAt)}`;
  if (key.retiredAt) return `Retired ${utc(key.retiredAt)}`;
  return "Active";
}

export default function LoginKeysPage() {
  const { keys } = useLoaderData<typeof loader>();
  const active = keys.find((k) => !k.retiredAt);
  return (
    <>
      <PageTitle>Login keys</PageTitle>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title={active ? "Rotate the key pair" : "Create the key pair"}>
          {!active && (
            <p className="mb-3 text-sm text-slate-700">
              Until a key pair exists, buyers of permanent items cannot give their login online: their order page says the team will contact them on Discord.
            </p>
          )}
          <LoginKeyCreator rotating={Boolean(active)} />
        </Card>
        <Card title="How it works">
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
            <li>The buyer's browser seals the login to the active public key; the server cannot open it.</li>
            <li>The private key is stored only encrypted with your passphrase (PBKDF2-SHA256, 600,000 rounds, AES-256-GCM).</li>
            <li>“Reveal login” on an order asks for the passphrase and opens the login in your browser for 60 seconds. Each reveal is recorded.</li>
            <li>Logins are deleted on delivery, refund or cancellation, and 7 days after payment at the latest.</li>
            <li>Each new key pair is mailed to the seller address: a pair you did not create means a stolen session.</li>
          </ul>
        </Card>
      </div>
      <Card title="Key pairs" className="mt-4">
        <Table
          dense
          empty="None yet."
          caption="Key pairs"
          columns={["Key", "State", "Created", "Logins sealed to it"]}
          rows={keys.map((key) => [
            <span>
              #{key.id} <span className="font-mono text-xs text-slate-600">{key.publicKey.slice(0, 12)}…</span>
            </span>,
            keyState(key),
            `${utc(key.createdAt)} by ${key.createdBy}`,
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
