import { Fingerprint } from "lucide-react";
import type { Overview } from "../../../contract/overview";
import { formatDateTime } from "../../lib/format";
import { StatCard } from "./stat-card";

/** Biometric Sync: Active only when a device reading arrived recently; otherwise it says plainly that none is connected. */
export function BiometricSyncCard({ sync }: { sync: Overview["biometricSync"] }) {
  return (
    <StatCard id="stat-biometric" title="Biometric Sync" icon={<Fingerprint aria-hidden="true" className="h-4 w-4 text-brand" />} value={sync.active ? "Active" : "Inactive"}>
      {sync.active && sync.lastReadingAt ? (
        <p>
          Last reading <time dateTime={sync.lastReadingAt}>{formatDateTime(sync.lastReadingAt)}</time>
        </p>
      ) : (
        <p>No device is connected yet, so there are no readings to sync.</p>
      )}
    </StatCard>
  );
}
