import { useEffect } from "react";
import { usePublicConfig } from "~/state/storefront-data";

/**
 * Slot for the third-party review widget (SPEC §2, §7). Nothing renders without REVIEW_WIDGET_URL;
 * with it, a container and the widget's script, added after hydration and removed on leaving so the
 * widget starts again on the next page that shows it.
 */
export function ReviewWidget({ className = "" }: { className?: string }) {
  const url = usePublicConfig()?.reviewWidgetUrl ?? null;
  useEffect(() => {
    if (!url) return;
    const script = document.createElement("script");
    script.src = url;
    script.async = true;
    script.dataset.reviewWidgetScript = "";
    document.body.appendChild(script);
    return () => script.remove();
  }, [url]);
  if (!url) return null;
  return <div data-review-widget="" className={className} />;
}
