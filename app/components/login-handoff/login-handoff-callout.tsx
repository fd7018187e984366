import { KeyRound } from "~/components/ui/icon";
import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useRememberedOrderLink } from "~/components/order/order-link";
import { buttonClass } from "~/components/ui/button";
import { LocalLink } from "~/components/ui/local-link";
import { orderLoginStateApi } from "~/domain/api/order-login";
import { LOGIN_SECTION_ANCHOR } from "~/domain/login-handoff";
import { postJson } from "~/lib/api-client";

/**
 * After an online payment the buyer lands on /login-required: when the order this tab paid still
 * waits for the game login, this says so and links straight to the form on the order's page.
 */
export function LoginHandoffCallout({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  const link = useRememberedOrderLink();
  const [waiting, setWaiting] = useState(false);

  useEffect(() => {
    if (!link) return;
    const key = new URLSearchParams(link.statusPath.split("?")[1] ?? "").get("k");
    if (!key) return;
    const controller = new AbortController();
    void postJson(orderLoginStateApi, { orderId: link.id, key }, { signal: controller.signal }).then((result) => {
      if (result.ok) setWaiting(result.handoff.may.submit);
    });
    return () => controller.abort();
  }, [link]);

  if (!link || !waiting) return null;
  return (
    <section aria-labelledby="login-callout-heading" className={`rounded-2xl border border-emerald-200 bg-emerald-50 p-4 sm:p-5 ${className}`}>
      <h2 id="login-callout-heading" className="flex items-center gap-2 font-bold text-emerald-950">
        <KeyRound className="size-5" aria-hidden="true" />
        {t("loginHandoff.sectionLink")}
      </h2>
      <p className="mt-1 text-sm text-slate-800">{t("loginHandoff.afterPayment")}</p>
      <LocalLink to={`${link.statusPath}#${LOGIN_SECTION_ANCHOR}`} className={buttonClass({ className: "mt-3 w-full sm:w-auto" })}>
        {t("loginHandoff.sectionLink")}
      </LocalLink>
    </section>
  );
}
