import { exportMessages } from "../../../contract/data-export-options";
import { ApiError, messageOf } from "../../lib/api-client";
import { ReauthPanel } from "./reauth-panel";


/** A failed call shown inline: the re-authentication panel for `reauth_required`, otherwise the server's message. */
export function ActionError({ error, fallback }: { error: unknown; fallback?: string }) {
  if (!error) return null;
  if (error instanceof ApiError && error.code === "reauth_required") return <ReauthPanel message={error.message} />;
  return (
    <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-red-800">
      {messageOf(error, fallback ?? exportMessages.exportFailed)}
    </p>
  );
}
