import { Check, Copy } from "~/components/ui/icon";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { toast } from "~/lib/toast";
import { COPIED_MS } from "./share-snippets";

interface CopySnippetProps {
  id: string;
  title: string;
  description: string;
  snippet: string;
  /** What the snippet looks like once pasted (banners). */
  preview?: React.ReactNode;
}

/** A ready-to-paste snippet in a code block with a Copy button (clipboard + toast). */
export function CopySnippet({ id, title, description, snippet, preview }: CopySnippetProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      if (!navigator.clipboard) throw new Error("Clipboard unavailable");
      await navigator.clipboard.writeText(snippet);
    } catch {
      toast.error(t("share.copyFailed"));
      return;
    }
    setCopied(true);
    toast.success(t("shop.toast.copied"));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  }

  const titleId = `${id}-title`;
  return (
    <section
      aria-labelledby={titleId}
      className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm lg:grid lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:gap-6"
    >
      <div className="min-w-0">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0 flex-1 basis-48">
            <h3 id={titleId} className="font-semibold text-slate-900">
              {title}
            </h3>
            <p className="mt-1 text-sm text-slate-600">{description}</p>
          </div>
          <button
            type="button"
            onClick={() => void copy()}
            aria-describedby={titleId}
            className={`inline-flex min-h-11 min-w-28 items-center justify-center gap-2 rounded-xl px-4 py-2 text-sm font-semibold text-white shadow-sm transition-colors ${
              copied ? "bg-emerald-700" : "bg-brand-600 hover:bg-brand-700"
            }`}
          >
            {copied ? <Check className="size-4" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
            <span>{copied ? t("share.copied") : t("share.copy")}</span>
          </button>
        </div>
        {preview ? (
          <div className="mt-4">
            <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">{t("share.preview")}</p>
            <div className="mt-2 flex min-h-16 items-center rounded-xl border border-dashed border-slate-300 bg-slate-50 p-3">{preview}</div>
          </div>
        ) : null}
      </div>
      <pre className="mt-4 rounded-xl bg-slate-900 p-4 text-xs leading-relaxed sm:text-sm text-slate-100 lg:mt-0 lg:self-start">
        <code className="whitespace-pre-wrap [overflow-wrap:anywhere]">{snippet}</code>
      </pre>
    </section>
  );
}
