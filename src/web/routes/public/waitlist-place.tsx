import { useEffect, useState } from "react";
import { Link, type MetaFunction } from "react-router";
import type { WaitlistPlace as Place } from "../../../contract";
import { QueuePlace } from "../../features/waitlist/queue-place";
import { callApi, messageOf } from "../../lib/api-client";
import { AuthCard } from "../auth/auth-card";
import { Spinner } from "../../ui/spinner";

export const meta: MetaFunction = () => [{ title: "Your place on the waitlist · Mindprint" }, { name: "robots", content: "noindex, nofollow" }];

/**
 * Opened from the link in a waitlist e-mail: the place in the queue of that e-mail's address. The token travels in the
 * fragment (never sent in a URL, never logged) and is posted from here; reading the place changes nothing.
 */
export default function WaitlistPlacePage() {
  const [token] = useState(() => new URLSearchParams(window.location.hash.slice(1)).get("token"));
  const [place, setPlace] = useState<Place | null>(null);
  const [error, setError] = useState<string | null>(token ? null : "This link is incomplete. Use the link in the newest waitlist e-mail.");
  useEffect(() => {
    if (!token) return;
    let live = true;
    callApi("getWaitlistPlace", { token }).then(
      (answer) => live && setPlace(answer),
      (e: unknown) => live && setError(messageOf(e, "We could not reach Mindprint. Please try again.")),
    );
    return () => {
      live = false;
    };
  }, [token]);
  return (
    <AuthCard title="Your place on the waitlist">
      <div className="mt-4">
        {place ? <QueuePlace place={place} /> : !error && <Spinner label="Looking up your place..." />}
        {error && (
          <p role="alert" className="text-red-700">
            {error}
          </p>
        )}
        <p className="mt-6 text-sm">
          <Link to="/waitlist" className="underline">
            Back to the waitlist
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}
