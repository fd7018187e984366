import { useId } from "react";
import { useNavigation } from "react-router";
import { inputClass } from "~/components/admin/ui";
import { Button } from "~/components/ui/button";

/** Label, control, hint and error wired together (aria-describedby, aria-invalid) for the console's forms. */
function useDescribedBy(hint?: string, error?: string) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  return { id, hintId, errorId, describedBy };
}

function HintAndError({ hint, error, hintId, errorId }: { hint?: string; error?: string; hintId?: string; errorId?: string }) {
  return (
    <>
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </>
  );
}

interface TextFieldProps extends Omit<React.InputHTMLAttributes<HTMLInputElement>, "name" | "id"> {
  label: string;
  name: string;
  hint?: string;
  error?: string;
}

export function TextField({ label, name, hint, error, className, ...input }: TextFieldProps) {
  const { id, hintId, errorId, describedBy } = useDescribedBy(hint, error);
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <input id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy} className={inputClass} {...input} />
      <HintAndError hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </div>
  );
}

interface SelectFieldProps extends Omit<React.SelectHTMLAttributes<HTMLSelectElement>, "name" | "id"> {
  label: string;
  name: string;
  options: readonly { value: string; label: string }[];
  hint?: string;
  error?: string;
}

export function SelectField({ label, name, options, hint, error, className, ...select }: SelectFieldProps) {
  const { id, hintId, errorId, describedBy } = useDescribedBy(hint, error);
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <select id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy} className={inputClass} {...select}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <HintAndError hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </div>
  );
}

export function Checkbox({ label, name, defaultChecked, hint }: { label: string; name: string; defaultChecked: boolean; hint?: string }) {
  const { id, hintId, describedBy } = useDescribedBy(hint);
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        name={name}
        type="checkbox"
        defaultChecked={defaultChecked}
        aria-describedby={describedBy}
        className="mt-0.5 size-5 shrink-0 rounded border-slate-400 text-brand-600 focus:ring-2 focus:ring-brand-500"
      />
      <div>
        <label htmlFor={id} className="text-sm font-semibold text-slate-800">
          {label}
        </label>
        <HintAndError hint={hint} hintId={hintId} />
      </div>
    </div>
  );
}

/**
 * The form's submit button, disabled and relabelled while this form's request runs. In a list of
 * forms, `intent` and `target` (the posted `id`) tell which row's request it is.
 */
export function SubmitButton({
  children,
  pendingLabel,
  intent,
  target,
  variant,
}: {
  children: React.ReactNode;
  pendingLabel: string;
  intent?: string;
  target?: string;
  variant?: "primary" | "secondary";
}) {
  const navigation = useNavigation();
  const posted = navigation.formData;
  const busy =
    navigation.state === "submitting" &&
    (intent === undefined || posted?.get("intent") === intent) &&
    (target === undefined || posted?.get("id") === target);
  return (
    <Button type="submit" name={intent ? "intent" : undefined} value={intent} variant={variant} disabled={busy}>
      {busy ? pendingLabel : children}
    </Button>
  );
}
