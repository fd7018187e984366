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

/** The ids and states a field's control carries so its label, hint and error are announced with it. */
type ControlA11y = { id: string; "aria-invalid"?: true; "aria-describedby"?: string };

/** What a field shows around its control. */
interface FrameProps {
  label: string;
  hint?: string;
  error?: string;
  className?: string;
}

/** The frame every console field shares: label above, then the control, then hint and error. */
function Field({ label, hint, error, className, control }: FrameProps & { control: (a11y: ControlA11y) => React.ReactNode }) {
  const { id, hintId, errorId, describedBy } = useDescribedBy(hint, error);
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      {control({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      <HintAndError hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </div>
  );
}

/** A field's frame plus its control's own attributes (a name is required; the id is the frame's). */
type FieldProps<Attributes> = FrameProps & { name: string } & Omit<Attributes, keyof FrameProps | "name" | "id">;

export function TextField({ label, hint, error, className, ...input }: FieldProps<React.InputHTMLAttributes<HTMLInputElement>>) {
  return <Field {...{ label, hint, error, className }} control={(a11y) => <input {...a11y} className={inputClass} {...input} />} />;
}

/** A US-dollar amount typed as text ("54.99"): the decimal keypad on phones, no autofill. */
export function MoneyField(props: FieldProps<React.InputHTMLAttributes<HTMLInputElement>>) {
  return <TextField inputMode="decimal" autoComplete="off" {...props} />;
}

export function SelectField({
  label,
  hint,
  error,
  className,
  options,
  ...select
}: FieldProps<React.SelectHTMLAttributes<HTMLSelectElement>> & { options: readonly { value: string; label: string }[] }) {
  return (
    <Field
      {...{ label, hint, error, className }}
      control={(a11y) => (
        <select {...a11y} className={inputClass} {...select}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    />
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
    navigation.state === "submitting" && (intent === undefined || posted?.get("intent") === intent) && (target === undefined || posted?.get("id") === target);
  return (
    <Button type="submit" name={intent ? "intent" : undefined} value={intent} variant={variant} disabled={busy}>
      {busy ? pendingLabel : children}
    </Button>
  );
}
