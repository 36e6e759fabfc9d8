import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";

const controlClass = "mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5";

interface FieldFrame {
  id: string;
  label: ReactNode;
  error?: string;
}

/** Label, control and its error message, wired together for assistive technology (aria-invalid, aria-describedby). */
function FieldShell({ id, label, error, children }: FieldFrame & { children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

const describedBy = (id: string, error?: string) => ({ "aria-invalid": Boolean(error), "aria-describedby": error ? `${id}-error` : undefined });

export function TextField({ id, label, error, ...input }: FieldFrame & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldShell id={id} label={label} error={error}>
      <input id={id} className={controlClass} {...describedBy(id, error)} {...input} />
    </FieldShell>
  );
}

export function TextAreaField({ id, label, error, ...textarea }: FieldFrame & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldShell id={id} label={label} error={error}>
      <textarea id={id} className={controlClass} {...describedBy(id, error)} {...textarea} />
    </FieldShell>
  );
}
