import type { InputHTMLAttributes, ReactNode, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

const controlClass = "mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5";

interface FieldFrame {
  id: string;
  label: ReactNode;
  error?: string;
  /** A line under the control that helps fill it in (read with it by screen readers). */
  hint?: ReactNode;
}

/** Label, control and its error message, wired together for assistive technology (aria-invalid, aria-describedby). */
function FieldShell({ id, label, error, hint, children }: FieldFrame & { children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm break-all text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

const describedBy = (id: string, error?: string, hint?: ReactNode) => ({
  "aria-invalid": Boolean(error),
  "aria-describedby": [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined,
});

export function TextField({ id, label, error, hint, ...input }: FieldFrame & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <input id={id} className={controlClass} {...describedBy(id, error, hint)} {...input} />
    </FieldShell>
  );
}

export function SelectField({ id, label, error, hint, children, ...select }: FieldFrame & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <select id={id} className={controlClass} {...describedBy(id, error, hint)} {...select}>
        {children}
      </select>
    </FieldShell>
  );
}

export function TextAreaField({ id, label, error, ...textarea }: FieldFrame & TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  return (
    <FieldShell id={id} label={label} error={error}>
      <textarea id={id} className={controlClass} {...describedBy(id, error)} {...textarea} />
    </FieldShell>
  );
}
