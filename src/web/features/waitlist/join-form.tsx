import { useState, type FormEvent } from "react";
import { sanitizeWaitlistEmail } from "../../../contract";
import { callApi, messageOf } from "../../lib/api-client";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/field";
import { JoinResult } from "./join-result";

/**
 * The waitlist form. The spec's e-mail rules run here before anything is sent, and again on the server;
 * unlike the old widget we say what is wrong instead of ignoring the click (docs/decisions/0005).
 */
export function JoinForm({ referralCode }: { referralCode: string | null }) {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  /** The address the e-mail went to, once the server accepted it. */
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = sanitizeWaitlistEmail(email);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setError(null);
    setSending(true);
    try {
      await callApi("joinWaitlist", { email: checked.email, ...(referralCode ? { ref: referralCode } : {}) });
      setSentTo(checked.email);
    } catch (e) {
      setError(messageOf(e, "We could not reach Mindprint. Check your connection and try again."));
    } finally {
      setSending(false);
    }
  }

  if (sentTo) return <JoinResult email={sentTo} />;
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <TextField
        id="waitlist-email"
        name="email"
        type="email"
        label="Email"
        autoComplete="email"
        placeholder="you@example.com"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={error ?? undefined}
      />
      {referralCode && <p className="text-sm text-muted">You were invited by a friend: joining with their link moves them up the queue.</p>}
      <Button type="submit" className="w-full" disabled={sending}>
        {sending ? "Joining..." : "Join the Waitlist"}
      </Button>
    </form>
  );
}
