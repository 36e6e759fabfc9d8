import { waitlistMessages } from "../../../contract";

/**
 * After joining: the same words whether the address was new or already waiting (the server answers both alike), so the
 * page tells nobody whether an address is on the list. The place itself is in the e-mail, whose link shows it here.
 */
export function JoinResult({ email }: { email: string }) {
  return (
    <div role="status" className="space-y-2">
      <p className="text-lg font-semibold">Check your inbox: {email}</p>
      <p className="text-muted">{waitlistMessages.checkInbox}</p>
    </div>
  );
}
