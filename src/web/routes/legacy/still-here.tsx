import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { MetaFunction } from "react-router";
import { ContactFrame } from "../../features/legacy/contact-frame";
import { callApi, messageOf } from "../../lib/api-client";
import { Button } from "../../ui/button";

export const meta: MetaFunction = () => [{ title: "I'm still here · Mindprint" }, { name: "robots", content: "noindex, nofollow" }];

/**
 * The link of an inactivity reminder. The token is in the fragment and only the button spends it, so a mail scanner
 * that opens the link changes nothing.
 */
export default function StillHere() {
  const [token, setToken] = useState<string | null>(null);
  useEffect(() => setToken(new URLSearchParams(window.location.hash.slice(1)).get("token")), []);
  const confirm = useMutation({ mutationFn: (value: string) => callApi("stillHere", { token: value }) });
  return (
    <ContactFrame>
      <h1 className="text-3xl font-semibold">Are you still there?</h1>
      {confirm.isSuccess ? (
        <p role="status">Thank you. The count starts again from today, and nothing will be released.</p>
      ) : (
        <>
          <p>You asked Mindprint to start releasing your legacy after a long silence. Press the button to tell us you are still here.</p>
          {confirm.isError && (
            <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
              {messageOf(confirm.error)}
            </p>
          )}
          <div>
            <Button disabled={!token || confirm.isPending} onClick={() => token && confirm.mutate(token)}>
              I'm still here
            </Button>
          </div>
        </>
      )}
    </ContactFrame>
  );
}
