import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate, type MetaFunction } from "react-router";
import { ageMessages } from "../../../contract/age-options";
import { messages } from "../../../contract/messages";
import { ApiError, callApi, messageOf } from "../../lib/api-client";
import { announceAuthChange } from "../../lib/auth-channel";
import { safeNextPath } from "../../lib/session";
import { AuthCard } from "./auth-card";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/field";

export const meta: MetaFunction = () => [
  { title: "Confirm sign-in · Mindprint" },
  { name: "robots", content: "noindex, nofollow" },
];

/**
 * Reads the e-mailed link. The served app answers /login/confirm with the server's own page (it works without
 * scripts; decision 0013); this page serves only the development server (`npm run dev`), where Vite answers it.
 */
function readLink(): { token: string | null; next: string } {
  const params = new URLSearchParams(window.location.search.length > 1 ? window.location.search.slice(1) : window.location.hash.slice(1));
  return { token: params.get("token"), next: safeNextPath(params.get("next")) };
}

/**
 * The page a sign-in e-mail opens. Opening it spends nothing (mail scanners prefetch links);
 * only pressing the button uses the token and starts the session.
 */
export default function LoginConfirm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [{ token, next }] = useState(readLink);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(token ? null : messages.linkInvalid);
  // A link that would create an account asks for the date of birth (and, for 13–17, a guardian) first.
  const [askAge, setAskAge] = useState(false);
  const [birthDate, setBirthDate] = useState("");
  const [guardianEmail, setGuardianEmail] = useState("");
  const [done, setDone] = useState<string | null>(null);

  async function confirm() {
    if (!token) return;
    setBusy(true);
    setError(null);
    try {
      const age = askAge ? { birthDate, ...(guardianEmail.trim() ? { guardianEmail: guardianEmail.trim() } : {}) } : {};
      const result = await callApi("confirmMagicLink", { token, next, ...age });
      if (result.guardianPending) {
        history.replaceState(null, "", window.location.pathname);
        setDone(ageMessages.guardianAsked);
        return;
      }
      history.replaceState(null, "", window.location.pathname); // forget the spent token
      await queryClient.invalidateQueries({ queryKey: ["session"] });
      announceAuthChange("signed-in");
      navigate(safeNextPath(result.next), { replace: true });
    } catch (e) {
      if (e instanceof ApiError && (e.code === "age_required" || e.code === "guardian_required")) setAskAge(true);
      setError(messageOf(e, messages.internal));
      setBusy(false);
    }
  }

  if (done) {
    return (
      <AuthCard title="Ask your parent or guardian">
        <p className="mt-2">{done}</p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Finish signing in">
      <p className="mt-2 text-muted">{askAge ? ageMessages.birthDateHint : "Press the button to sign in to Mindprint on this device."}</p>
      {askAge && (
        <div className="mt-4 grid gap-3">
          <TextField id="birth-date" label={ageMessages.birthDateLabel} type="date" required value={birthDate} onChange={(e) => setBirthDate(e.target.value)} />
          <TextField id="guardian-email" label={ageMessages.guardianEmailLabel} hint={ageMessages.guardianEmailHint} type="email" value={guardianEmail} onChange={(e) => setGuardianEmail(e.target.value)} />
        </div>
      )}
      <Button className="mt-6 w-full" onClick={confirm} disabled={!token || busy || (askAge && !birthDate)}>
        {busy ? "Signing in..." : askAge ? "Create account" : "Sign in"}
      </Button>
      {error && (
        <p role="alert" className="mt-4 text-red-700">
          {error}{" "}
          <Link to="/login" className="underline">
            Back to login
          </Link>
        </p>
      )}
    </AuthCard>
  );
}
