// The few pages the server writes itself, for the sign-in and consent steps that must work before (or without) the web
// app's scripts: plain HTML, one <main>, our own words only (nothing a visitor typed is echoed), no script at all.

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const STYLE = `body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#fafaf9;color:#1c1917}
header{padding:.75rem 1rem;border-bottom:1px solid #e7e5e4;background:#fff}header a{font-size:1.25rem;font-weight:600;color:#1c1917;text-decoration:none}
main{max-width:28rem;margin:6vh auto;padding:2rem;background:#fff;border:1px solid #e7e5e4;border-radius:1rem}
@media (max-width:32rem){main{margin:1rem;padding:1.25rem}}
h1{font-size:1.5rem;margin:0 0 .75rem}p{line-height:1.5}.error{color:#b91c1c}
input{width:100%;box-sizing:border-box;padding:.6rem;font:inherit;border:1px solid #a8a29e;border-radius:.5rem;margin:.25rem 0}small{color:#57534e}
button{width:100%;padding:.75rem 1rem;font:inherit;font-weight:600;color:#fff;background:#4338ca;border:0;border-radius:.5rem;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #a5b4fc;outline-offset:2px}a{color:#3730a3}`;

/** A labelled field the person fills in; `value` only ever holds something the server has already validated. */
export interface PageInput {
  name: string;
  label: string;
  type: "date" | "email";
  hint?: string;
  required?: boolean;
  value?: string;
}

const inputHtml = (input: PageInput) =>
  `<p><label for="${escapeHtml(input.name)}">${escapeHtml(input.label)}</label><br><input id="${escapeHtml(input.name)}" name="${escapeHtml(input.name)}" type="${input.type}"${input.required ? " required" : ""}${input.value ? ` value="${escapeHtml(input.value)}"` : ""}${input.hint ? ` aria-describedby="${escapeHtml(input.name)}-hint"` : ""}>${input.hint ? `<br><small id="${escapeHtml(input.name)}-hint">${escapeHtml(input.hint)}</small>` : ""}</p>`;

export interface NoScriptPage {
  title: string;
  /** Paragraphs of our own text. */
  paragraphs: string[];
  isError?: boolean;
  /** A form that POSTs hidden fields (and any labelled inputs) to `action` with one button. */
  form?: { action: string; fields: Record<string, string>; inputs?: PageInput[]; button: string };
  link?: { href: string; text: string };
}

export function renderNoScriptPage(page: NoScriptPage): string {
  const paragraphs = page.paragraphs.map((p) => `<p${page.isError ? ' class="error" role="alert"' : ""}>${escapeHtml(p)}</p>`).join("");
  const form = page.form
    ? `<form method="post" action="${escapeHtml(page.form.action)}">${Object.entries(page.form.fields)
        .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
        .join("")}${(page.form.inputs ?? []).map(inputHtml).join("")}<button type="submit">${escapeHtml(page.form.button)}</button></form>`
    : "";
  const link = page.link ? `<p><a href="${escapeHtml(page.link.href)}">${escapeHtml(page.link.text)}</a></p>` : "";
  return `<!doctype html><html lang="en" data-server-page><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex, nofollow"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${escapeHtml(page.title)} · Mindprint</title><style>${STYLE}</style></head><body><header><a href="/">Mindprint</a></header><main><h1>${escapeHtml(page.title)}</h1>${paragraphs}${form}${link}</main></body></html>`;
}
