import { Link, type LinkProps } from "react-router";
import { localizePath } from "~/domain/lang-path";
import { useLang } from "~/state/lang";

/** Turns an unprefixed path ("/cart") into the current language's path ("/fr/cart"). */
export function useLocalize(): (path: string) => string {
  const lang = useLang();
  return (path) => localizePath(path, lang);
}

/** A link to an unprefixed path that stays in the current language. */
export function LocalLink({ to, ...props }: Omit<LinkProps, "to"> & { to: string }) {
  const localize = useLocalize();
  return <Link to={localize(to)} {...props} />;
}
