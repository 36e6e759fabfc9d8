import { useEffect, useState, type FormEvent } from "react";
import { useNavigate, useSearchParams, type MetaFunction } from "react-router";
import { messages } from "../../../contract/messages";
import { callApi, messageOf } from "../../lib/api-client";
import { safeNextPath, useSession } from "../../lib/session";
import { AuthCard } from "./auth-card";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/field";
import { describeGoogleError } from "./google-errors";
import { GoogleAgeForm, type GoogleAgeStatement } from "./google-age-form";

export const meta: MetaFunction = () => [
  { title: "Login to Dashboard · Mindprint" },
  { name: "description", content: "Sign in to Mindprint with a magic link sent to your e-mail, or with Google." },
  { name: "robots", content: "noindex, nofollow" },
];

type Notice = { kind: "success" | "error"; text: string } | null;

export default function Login() {
  const [params] = useSearchParams();
  const next = safeNextPath(params.get("next"));
  const navigate = useNavigate();
  const session = useSession();
  const [email, setEmail] = useState("");
  const googleError = params.get("error");
  const [notice, setNotice] = useState<Notice>(() =>
    // A sealed request for the guardian is news, not a failure.
    googleError ? { kind: googleError === "guardian_asked" ? "success" : "error", text: describeGoogleError(googleError) } : null,
  );
  // Google's account had no Mindprint account yet: ask the date of birth, then go to Google again with it.
  const askAge = googleError === "age_required";
  const [sending, setSending] = useState(false);
  const [startingGoogle, setStartingGoogle] = useState(false);
  // Until the server has said whether Google is set up (and in the prerendered page), the button waits disabled.
  const googleAvailable = session.data?.providers.google ?? false;
  const googleMissing = session.data?.providers.google === false;

  useEffect(() => {
    if (session.data?.user) navigate("/", { replace: true });
  }, [session.data?.user, navigate]);

  async function sendLink(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSending(true);
    setNotice(null);
    try {
      const result = await callApi("requestMagicLink", { email, next });
      setNotice({ kind: "success", text: result.message });
    } catch (error) {
      setNotice({ kind: "error", text: messageOf(error, messages.internal) });
    } finally {
      setSending(false);
    }
  }

  async function signInWithGoogle(statement: GoogleAgeStatement = {}) {
    setStartingGoogle(true);
    setNotice(null);
    try {
      const { url } = await callApi("startGoogle", { next, ...statement });
      window.location.assign(url);
    } catch (error) {
      setNotice({ kind: "error", text: messageOf(error, messages.internal) });
      setStartingGoogle(false);
    }
  }

  return (
    <AuthCard title="Login to Dashboard">
      <p className="mt-1 text-muted">We will e-mail you a link that signs you in. No password needed.</p>
      {/* A real form: before the app's scripts have loaded (or without them) the server answers it at /login/send. */}
      <form className="mt-6 space-y-4" method="post" action="/login/send" onSubmit={sendLink}>
        <input type="hidden" name="next" value={next} />
        <TextField
          id="email"
          name="email"
          label="Email"
          type="email"
          required
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder="you@example.com"
        />
        <Button type="submit" className="w-full" disabled={sending}>
          {sending ? "Sending..." : "Send Magic Link"}
        </Button>
      </form>
      <div className="my-6 flex items-center gap-3 text-sm text-muted">
        <span className="h-px flex-1 bg-stone-200" /> or <span className="h-px flex-1 bg-stone-200" />
      </div>
      {askAge && googleAvailable && <GoogleAgeForm busy={startingGoogle} onContinue={(statement) => void signInWithGoogle(statement)} />}
      <Button
        type="button"
        variant="secondary"
        className={askAge ? "mt-4 w-full" : "w-full"}
        onClick={() => void signInWithGoogle()}
        disabled={!googleAvailable || startingGoogle}
        aria-describedby={googleMissing ? "google-unavailable" : undefined}
      >
        Login with Google
      </Button>
      {googleMissing && (
        <p id="google-unavailable" className="mt-2 text-sm text-muted">
          {messages.googleUnavailable}
        </p>
      )}
      <div aria-live="polite" className="mt-4 min-h-6">
        {notice && (
          <p role={notice.kind === "error" ? "alert" : "status"} className={notice.kind === "error" ? "text-red-700" : "text-green-800"}>
            {notice.text}
          </p>
        )}
      </div>
    </AuthCard>
  );
}
