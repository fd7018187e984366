import { Mail } from "~/components/ui/icon";

type EmailInputProps = Pick<React.InputHTMLAttributes<HTMLInputElement>, "id" | "placeholder" | "value" | "onChange"> & {
  /** The id of the message that says what is wrong with it; the input is marked invalid while it is set. */
  errorId?: string | null;
  /** The border, by the surface it sits on (the dark footer, a light panel). */
  tone?: "dark" | "light";
};

/**
 * The storefront's one address field (the footer's newsletter sign-up, back-in-stock): an envelope
 * drawn in, a 44 px target, the browser's email check and autofill; the form around it names it
 * with its own label.
 */
export function EmailInput({ errorId, tone = "light", ...input }: EmailInputProps) {
  return (
    <div className="relative flex-1">
      <Mail className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
      <input
        type="email"
        name="email"
        required
        autoComplete="email"
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId ?? undefined}
        className={`h-11 w-full rounded-lg border bg-white pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-500 ${tone === "dark" ? "border-slate-700" : "border-slate-300"}`}
        {...input}
      />
    </div>
  );
}
