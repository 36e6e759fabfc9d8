import type { MetaFunction } from "react-router";
import { ComingSoonCategories } from "../../features/data-export/coming-soon-categories";
import { ConsciousnessExportCard } from "../../features/data-export/consciousness-export-card";
import { DeleteAccountCard } from "../../features/data-export/delete-account-card";
import { ExportSummary } from "../../features/data-export/export-summary";
import { ImportCard } from "../../features/data-export/import-card";
import { PrivacySecurity } from "../../features/data-export/privacy-security";
import { VoiceArchiveCard } from "../../features/data-export/voice-archive-card";

export const meta: MetaFunction = () => [{ title: "Data Export · Mindprint" }, { name: "robots", content: "noindex, nofollow" }];

/** Data Export: what you have recorded, the two exports (plain or encrypted), restoring an export, and deleting the account. */
export default function ExportSection() {
  return (
    <div className="grid gap-6">
      <header>
        <h1 className="text-3xl font-semibold">Data Export</h1>
        <p className="mt-2 text-muted">Everything you recorded in Mindprint is yours: download it, restore it into a new account, or delete it.</p>
      </header>
      <ExportSummary />
      <ConsciousnessExportCard />
      <VoiceArchiveCard />
      <ImportCard />
      <PrivacySecurity />
      <ComingSoonCategories />
      <DeleteAccountCard />
    </div>
  );
}
