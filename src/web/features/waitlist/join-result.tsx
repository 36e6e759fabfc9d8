import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { REFERRAL_BONUS, waitlistMessages, type JoinWaitlistResponse } from "../../../contract";

/**
 * After joining: the person's place, founding-member status, and their referral link with a copy button. For an
 * address already waiting, only that: its place and link go to the address itself by e-mail.
 */
export function JoinResult({ result }: { result: JoinWaitlistResponse }) {
  if (result.alreadyJoined) {
    return (
      <div role="status" className="space-y-2">
        <p className="text-lg font-semibold">You're already on the list.</p>
        <p className="text-muted">{waitlistMessages.alreadyJoined}</p>
      </div>
    );
  }
  return <JoinedPlace result={result} />;
}

function JoinedPlace({ result }: { result: Extract<JoinWaitlistResponse, { alreadyJoined: false }> }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(result.referralLink);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }
  return (
    <div role="status" className="space-y-4">
      <p className="text-lg font-semibold">
        You're on the list! You are number {result.position} of {result.total}.
      </p>
      <p className="text-muted">
        {result.foundingMember
          ? "You are one of the first 50: a founding member, with a free year and founding-member perks."
          : "Invite friends to move up: the first 50 places are founding members."}
      </p>
      <div>
        <label htmlFor="referral-link" className="block text-sm font-medium">
          Your referral link (each friend who joins with it moves you up {REFERRAL_BONUS} places)
        </label>
        <div className="mt-1 flex gap-2">
          <input id="referral-link" readOnly value={result.referralLink} className="block w-full rounded-lg border border-stone-300 bg-stone-50 px-3 py-2.5 text-sm" />
          <button type="button" onClick={copy} className="inline-flex shrink-0 items-center gap-1 rounded-lg border border-stone-300 bg-white px-3 text-sm hover:bg-stone-100">
            {copied ? <Check aria-hidden="true" className="h-4 w-4" /> : <Copy aria-hidden="true" className="h-4 w-4" />}
            {copied ? "Copied" : "Copy"}
          </button>
        </div>
      </div>
      <p className="text-sm text-muted">We sent a confirmation e-mail with the same link.</p>
    </div>
  );
}
