import { twMerge } from "tailwind-merge";
import { LocalLink } from "./local-link";

export type ButtonVariant = "primary" | "secondary" | "ghost";
export type ButtonSize = "sm" | "md" | "lg";

interface ButtonStyle {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Layout and one-off tweaks; a class here wins over the variant's or size's (tailwind-merge). */
  className?: string;
}

const BASE = "inline-flex items-center justify-center gap-2 font-semibold";
const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-brand-600 text-white hover:bg-brand-700",
  secondary: "border border-slate-300 bg-white text-slate-900 hover:bg-slate-50",
  ghost: "text-brand-700 hover:bg-brand-50 hover:text-brand-900",
};
// md and lg meet the 44 px touch target.
const SIZES: Record<ButtonSize, string> = {
  sm: "rounded-md px-3 py-1.5 text-xs",
  md: "min-h-11 rounded-lg px-5",
  lg: "min-h-12 rounded-lg px-5",
};

/** The shop's button classes, for elements that must stay someone else's (Radix parts, plain links). */
export function buttonClass({ variant = "primary", size = "md", className }: ButtonStyle = {}): string {
  return twMerge(BASE, VARIANTS[variant], SIZES[size], className);
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
