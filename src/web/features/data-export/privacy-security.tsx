import { ShieldCheck } from "lucide-react";

/** "Privacy & Security": only what is true of how Mindprint keeps and exports data. */
export function PrivacySecurity() {
  return (
    <section aria-labelledby="privacy-security-heading" className="rounded-2xl border border-stone-200 bg-white p-4 sm:p-6">
      <h2 id="privacy-security-heading" className="flex items-center gap-2 text-xl font-semibold">
        <ShieldCheck aria-hidden="true" className="h-6 w-6 text-brand" />
        Privacy &amp; Security
      </h2>
      <ul className="mt-3 grid list-disc gap-2 pl-5">
        <li>Your data is stored in our PostgreSQL database, where row-level security keeps every row to its own account.</li>
        <li>The plain export is readable JSON. It is not encrypted: anyone who has the file can read it.</li>
        <li>
          The encrypted export uses AES-256-GCM with a key derived from your passphrase by scrypt (N = 2<sup>17</sup>, r = 8, p = 1). These parameters are written in the
          file&apos;s header; we never store your passphrase.
        </li>
        <li>Exporting, importing and deleting your account need a sign-in within the last 10 minutes.</li>
        <li>Deleting your account removes everything in it from Mindprint.</li>
      </ul>
    </section>
  );
}
