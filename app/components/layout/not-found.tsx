import { useTranslation } from "~/i18n/use-translation";
import { ButtonLink } from "~/components/ui/button";

interface NotFoundProps {
  /** A page's own 404 wording (the product page's); the generic one otherwise. */
  title?: string;
  text?: string;
  /** Ways on; links home and to the listings otherwise. */
  children?: React.ReactNode;
}

/** The 404 view: code, title, text and ways back into the shop. */
export function NotFound({ title, text, children }: NotFoundProps) {
  const { t } = useTranslation();
  const heading = title ?? t("common.notFound.title");
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <p className="text-6xl font-black text-brand-600" aria-hidden="true">
        {t("common.notFound.code")}
      </p>
      <h1 className="mt-4 text-3xl font-bold">{heading}</h1>
      <p className="mt-3 text-slate-600">{text ?? t("common.notFound.text")}</p>
      <nav className="mt-8 flex flex-wrap justify-center gap-3" aria-label={heading}>
        {children ?? (
          <>
            <ButtonLink to="/">{t("common.notFound.home")}</ButtonLink>
            <ButtonLink to="/triggers" variant="secondary">
              {t("common.notFound.triggers")}
            </ButtonLink>
            <ButtonLink to="/rooms" variant="secondary">
              {t("common.notFound.rooms")}
            </ButtonLink>
          </>
        )}
      </nav>
    </section>
  );
}
