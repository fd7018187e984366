import { LocalLink } from "./local-link";

export type ButtonVariant = "primary" | "secondary" | "ghost";
export type ButtonSize = "sm" | "md" | "lg";

interface ButtonStyle {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Layout and one-off tweaks; a class here wins over the variant's or size's (they are component classes). */
  className?: string;
}

/**
 * The shop's button classes, for elements that must stay someone else's (Radix parts, plain links).
 * The looks live in app.css (`.btn`, `.btn-primary`, `.btn-md`…, in the components layer), so a
 * caller's Tailwind utilities override them without a class-merging library in every page's code.
 */
export function buttonClass({ variant = "primary", size = "md", className }: ButtonStyle = {}): string {
  return className ? `btn btn-${variant} btn-${size} ${className}` : `btn btn-${variant} btn-${size}`;
}

type ButtonProps = ButtonStyle & Omit<React.ButtonHTMLAttributes<HTMLButtonElement>, "className"> & { ref?: React.Ref<HTMLButtonElement> };

/** A button in the shop's style; `type="button"` unless told otherwise, so it never submits by accident. */
export function Button({ variant, size, className, type = "button", ...props }: ButtonProps) {
  return <button type={type} className={buttonClass({ variant, size, className })} {...props} />;
}

type ButtonLinkProps = ButtonStyle & Omit<React.ComponentProps<typeof LocalLink>, "className">;

/** A link inside the shop (kept in the page's language) that looks like a button. */
export function ButtonLink({ variant, size, className, ...props }: ButtonLinkProps) {
  return <LocalLink className={buttonClass({ variant, size, className })} {...props} />;
}
