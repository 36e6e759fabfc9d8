const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** Turns links in an escaped text into anchors, so a sign-in link can be clicked straight from the page. */
const linkify = (escaped: string) => escaped.replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

interface MailRow {
  to: string;
  subject: string;
  text: string;
  createdAt: Date;
}

/** The development mailbox as a plain HTML page (no scripts, so the CSP stays strict). */
export function renderMailboxPage(mails: MailRow[]): string {
  const items = mails.length
    ? mails
        .map(
          (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">To <strong>${escapeHtml(m.to)}</strong> · ${escapeHtml(m.createdAt.toISOString())}</p>
  <pre>${linkify(escapeHtml(m.text))}</pre>
</article>`,
        )
        .join("\n")
    : "<p>The mailbox is empty. Ask for a sign-in link on <a href=\"/login\">the login page</a> and it will appear here.</p>";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex, nofollow"><title>Dev mailbox · Mindprint</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#1f2937}
article{border:1px solid #d1d5db;border-radius:.5rem;padding:1rem;margin:1rem 0}h2{margin:0;font-size:1.1rem}
.meta{color:#4b5563;margin:.25rem 0}pre{white-space:pre-wrap;word-break:break-all}a{color:#1d4ed8}</style></head>
<body><h1>Dev mailbox</h1><p>E-mails Mindprint sent while no SMTP server is configured, newest first. Development only.</p>
${items}
</body></html>`;
}
