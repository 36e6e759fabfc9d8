import type { ButtonHTMLAttributes } from "react";

type Variant = "primary" | "secondary";

// A button kept focusable while it cannot act (aria-disabled, so the keyboard does not lose its place) looks exactly
// like a disabled one: a solid brand colour would promise a click that does nothing.
const styles: Record<Variant, string> = {
  primary: "bg-brand text-white hover:bg-brand-strong disabled:bg-stone-400 aria-disabled:bg-stone-400 aria-disabled:hover:bg-stone-400",
  secondary: "border border-stone-300 bg-white text-ink hover:bg-stone-100 disabled:text-stone-500 aria-disabled:text-stone-500 aria-disabled:hover:bg-white",
};

export function Button({ variant = "primary", className = "", ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return (
    <button
      className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-5 py-2.5 font-medium transition-colors disabled:cursor-not-allowed aria-disabled:cursor-not-allowed ${styles[variant]} ${className}`}
      {...props}
    />
  );
}
