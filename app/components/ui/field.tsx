import { useId } from "react";

/** What a form control needs to be tied to its label, hint and error. */
export interface ControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

interface FieldProps {
  label: React.ReactNode;
  /** Translated error shown under the control, announced through aria-describedby. */
  error?: string | null;
  /** Marks the control invalid when the error is shown elsewhere (one message for a whole form). */
  invalid?: boolean;
  hint?: React.ReactNode;
  /** The hint goes between label and control (long texts the shopper should read first). */
  hintAbove?: boolean;
  /** Fixed id (e.g. a form page's field the server refers to); a generated one otherwise. */
  id?: string;
  /** Ids of messages outside the field that also describe the control. */
  describedBy?: string;
  className?: string;
  labelClassName?: string;
  hintClassName?: string;
  errorClassName?: string;
  children(control: ControlProps): React.ReactNode;
}

/** A label, the control it names (rendered by `children`), its hint and its error, wired for screen readers. */
export function Field({
  label,
  error,
  invalid,
  hint,
  hintAbove = false,
  id: fixedId,
  describedBy,
  className,
  labelClassName = "block text-sm font-semibold text-slate-800",
  hintClassName = "mt-1 text-xs text-slate-600",
  errorClassName = "mt-1 text-sm font-medium text-red-700",
  children,
}: FieldProps) {
  const generatedId = useId();
  const id = fixedId ?? generatedId;
  const hintId = hint ? `${id}-hint` : null;
  const errorId = error ? `${id}-error` : null;
  const hintLine = hint ? (
    <p id={`${id}-hint`} className={hintClassName}>
      {hint}
    </p>
  ) : null;
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {hintAbove && hintLine}
      {children({
        id,
        "aria-invalid": error || invalid ? true : undefined,
        "aria-describedby": [hintId, errorId, describedBy].filter(Boolean).join(" ") || undefined,
      })}
      {!hintAbove && hintLine}
      {error && (
        <p id={`${id}-error`} className={errorClassName}>
          {error}
        </p>
      )}
    </div>
  );
}

interface TextFieldProps extends Omit<React.InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: string;
  error?: string | null;
  hint?: string;
}

/** A labelled single-line input in the checkout forms' style. */
export function TextField({ label, error, hint, className, ...input }: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <input
          {...control}
          className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-base shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500 aria-[invalid=true]:border-red-600"
          {...input}
        />
      )}
    </Field>
  );
}
