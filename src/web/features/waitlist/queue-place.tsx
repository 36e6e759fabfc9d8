import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { REFERRAL_BONUS, type WaitlistPlace } from "../../../contract";

/** A person's place in the queue, founding-member status, and their referral link with a copy button. */
export function QueuePlace({ place }: { place: WaitlistPlace }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(place.referralLink);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }
  return (
    <div role="status" className="space-y-4">
      <p className="text-lg font-semibold">
        You're on the list! You are number {place.position} of {place.total}.
      </p>
      <p className="text-muted">
        {place.foundingMember
          ? "You are one of the first 50: a founding member, with a free year and founding-member perks."
          : "Invite friends to move up: the first 50 places are founding members."}
      </p>
      <div>
        <label htmlFor="referral-link" className="block text-sm font-medium">
          Your referral link (each friend who joins with it moves you up {REFERRAL_BONUS} places)
        </label>
        <div className="mt-1 flex gap-2">
          <input id="referral-link" readOnly value={place.referralLink} className="block w-full rounded-lg border border-stone-300 bg-stone-50 px-3 py-2.5 text-sm" />
          <button type="button" onClick={copy} className="inline-flex shrink-0 items-center gap-1 rounded-lg border border-stone-300 bg-white px-3 text-sm hover:bg-stone-100">
            {copied ? <Check aria-hidden="true" className="h-4 w-4" /> : <Copy aria-hidden="true" className="h-4 w-4" />}
            {copied ? "Copied" : "Copy"}
          </button>
        </div>
      </div>
    </div>
  );
}
