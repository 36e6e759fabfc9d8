import { useState } from "react";
import { Link, type MetaFunction } from "react-router";
import { callApi, messageOf } from "../../lib/api-client";
import { AuthCard } from "../auth/auth-card";
import { Button } from "../../ui/button";

export const meta: MetaFunction = () => [{ title: "Unsubscribe · Mindprint" }, { name: "robots", content: "noindex, nofollow" }];

/** Opened from the link in a waitlist e-mail; only the button unsubscribes, so mail scanners cannot. */
export default function WaitlistUnsubscribe() {
  const [token] = useState(() => new URLSearchParams(window.location.hash.slice(1)).get("token"));
  const [state, setState] = useState<"idle" | "busy" | "done">("idle");
  const [error, setError] = useState<string | null>(token ? null : "This unsubscribe link is incomplete. Use the link in the newest e-mail.");
  async function unsubscribe() {
    if (!token) return;
    setState("busy");
    try {
      await callApi("unsubscribeWaitlist", { token });
      setState("done");
    } catch (e) {
      setError(messageOf(e, "We could not reach Mindprint. Please try again."));
      setState("idle");
    }
  }
  return (
    <AuthCard title="Leave the waitlist">
      {state === "done" ? (
        <p role="status" className="mt-3">
          You are unsubscribed and have left the waitlist. You can <Link to="/waitlist" className="underline">join again</Link> at any time.
        </p>
      ) : (
        <>
          <p className="mt-2 text-muted">Press the button to stop all waitlist e-mails and leave the queue.</p>
          <Button className="mt-6 w-full" onClick={unsubscribe} disabled={!token || state === "busy"}>
            {state === "busy" ? "Unsubscribing..." : "Unsubscribe"}
          </Button>
        </>
      )}
      {error && (
        <p role="alert" className="mt-4 text-red-700">
          {error}
        </p>
      )}
    </AuthCard>
  );
}
