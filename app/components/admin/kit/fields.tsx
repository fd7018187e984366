import { useId } from "react";
import { Form, useNavigation } from "react-router";
import { Button, type ButtonVariant } from "~/components/ui/button";
import { Field } from "~/components/ui/field";

/**
 * The console's fields: the storefront's Field (label, hint, error, aria wiring) and Button around
 * the console's denser controls. Every console form builds from these.
 */
const inputClass =
  "mt-1 block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500 aria-[invalid=true]:border-red-600";

/** What a field shows around its control. `error` is the server's message for it (ActionRefused.fieldErrors). */
interface Frame {
  label: string;
  hint?: React.ReactNode;
  /** The hint goes between label and control (what to read before typing). */
  hintAbove?: boolean;
  error?: string;
  /** On the field's wrapper (its width, its grid cell). */
  className?: string;
}

/** A field's frame plus its control's own attributes (the id is the frame's). */
type FieldProps<Attributes> = Frame & Omit<Attributes, keyof Frame | "id">;

function frameOf<T extends Frame>({ label, hint, hintAbove, error, className, ...control }: T) {
  return { frame: { label, hint, hintAbove, error, className }, control };
}

export function TextField(props: FieldProps<React.InputHTMLAttributes<HTMLInputElement>>) {
  const { frame, control } = frameOf(props);
  return <Field {...frame}>{(a11y) => <input {...a11y} className={inputClass} {...control} />}</Field>;
}

/** A US-dollar amount typed as text ("54.99"): the decimal keypad on phones, no autofill. */
export function MoneyField(props: FieldProps<React.InputHTMLAttributes<HTMLInputElement>>) {
  return <TextField inputMode="decimal" autoComplete="off" {...props} />;
}

export function TextArea(props: FieldProps<React.TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  const { frame, control } = frameOf(props);
  return <Field {...frame}>{(a11y) => <textarea {...a11y} rows={3} className={inputClass} {...control} />}</Field>;
}

/** A file input (its form must be multipart: ActionForm's `multipart`). */
export function FileField(props: FieldProps<React.InputHTMLAttributes<HTMLInputElement>>) {
  const { frame, control } = frameOf(props);
  return (
    <Field {...frame}>
      {(a11y) => (
        <input
          {...a11y}
          type="file"
          className="mt-1 block min-h-11 w-full text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5"
          {...control}
        />
      )}
    </Field>
  );
}

/** A select; with `placeholder`, a first disabled choice that must be replaced (the form requires one). */
export function SelectField(
  props: FieldProps<React.SelectHTMLAttributes<HTMLSelectElement>> & { options: readonly { value: string; label: string }[]; placeholder?: string },
) {
  const {
    frame,
    control: { options, placeholder, ...select },
  } = frameOf(props);
  return (
    <Field {...frame}>
      {(a11y) => (
        <select {...a11y} className={inputClass} {...select}>
          {placeholder !== undefined && (
            <option value="" disabled>
              {placeholder}
            </option>
          )}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A checkbox with its label beside it and a hint under the label. */
export function Checkbox({
  label,
  name,
  defaultChecked,
  hint,
  value,
}: {
  label: string;
  name: string;
  defaultChecked: boolean;
  hint?: string;
  value?: string;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        name={name}
        type="checkbox"
        value={value}
        defaultChecked={defaultChecked}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-0.5 size-5 shrink-0 rounded border-slate-400 text-brand-600 focus:ring-2 focus:ring-brand-500"
      />
      <div>
        <label htmlFor={id} className="text-sm font-semibold text-slate-800">
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}

/**
 * A form's submit button, disabled and relabelled from the moment its request leaves until the page
 * has reloaded its data (a second click cannot send it again meanwhile). `intent` is posted with it
 * and tells the action which form it is; in a list of forms `target` (the posted `id`) tells the rows apart.
 */
export function SubmitButton({
  children,
  pendingLabel,
  intent,
  target,
  variant,
  className,
}: {
  children: React.ReactNode;
  pendingLabel: string;
  intent?: string;
  target?: string;
  variant?: ButtonVariant;
  className?: string;
}) {
  const posted = useNavigation().formData;
  const busy = posted !== undefined && (intent === undefined || posted.get("intent") === intent) && (target === undefined || posted.get("id") === target);
  return (
    <Button type="submit" name={intent ? "intent" : undefined} value={intent} variant={variant} className={className} disabled={busy}>
      {busy ? pendingLabel : children}
    </Button>
  );
}

/**
 * A form that is one button: posts `intent` (and the row's `id` when `target` is given), for the
 * console's one-click moves on a row or a record (end sessions, pause, withdraw…).
 */
export function ActionButtonForm({
  intent,
  target,
  pendingLabel,
  variant = "secondary",
  children,
}: {
  intent: string;
  target?: string;
  pendingLabel: string;
  variant?: ButtonVariant;
  children: React.ReactNode;
}) {
  return (
    <Form method="post">
      {target !== undefined && <input type="hidden" name="id" value={target} />}
      <SubmitButton intent={intent} target={target} variant={variant} pendingLabel={pendingLabel}>
        {children}
      </SubmitButton>
    </Form>
  );
}
