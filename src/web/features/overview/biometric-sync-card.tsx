import { Fingerprint } from "lucide-react";
import { Link } from "react-router";
import type { Overview } from "../../../contract/overview";
import { formatDateTime } from "../../lib/format";
import { StatCard } from "./stat-card";

/** Biometric Sync: Active only when an imported reading is from the last 24 hours; otherwise it says why and where to import. */
export function BiometricSyncCard({ sync }: { sync: Overview["biometricSync"] }) {
  return (
    <StatCard id="stat-biometric" title="Biometric Sync" icon={<Fingerprint aria-hidden="true" className="h-4 w-4 text-brand" />} value={sync.active ? "Active" : "Inactive"} formula="biometrics">
      {sync.lastReadingAt ? (
        <p>
          Last reading <time dateTime={sync.lastReadingAt}>{formatDateTime(sync.lastReadingAt)}</time>
          {sync.active ? "." : ", more than a day ago. "}
          {!sync.active && (
            <Link to="/dashboard/biometrics" className="text-brand-strong underline">
              Import a newer export
            </Link>
          )}
        </p>
      ) : (
        <p>
          No device data yet.{" "}
          <Link to="/dashboard/biometrics" className="text-brand-strong underline">
            Import an export from your watch or ring
          </Link>
        </p>
      )}
    </StatCard>
  );
}
