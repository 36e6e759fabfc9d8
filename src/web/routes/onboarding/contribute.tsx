import { Mic, NotebookPen } from "lucide-react";
import { useState } from "react";
import { useNavigate, type MetaFunction } from "react-router";
import { StepFrame } from "../../features/onboarding/step-frame";
import { useOnboardingProfile } from "../../features/onboarding/use-onboarding-profile";
import { callApi } from "../../lib/api-client";
import { notifyError } from "../../lib/notify";
import { Button } from "../../ui/button";

export const meta: MetaFunction = () => [{ title: "Want to go deeper? · Mindprint" }, { name: "robots", content: "noindex, nofollow" }];

const choices = [
  { to: "/dashboard/voice", icon: Mic, title: "Record my voice", text: "Read a few sentences aloud so your twin can learn how you sound." },
  { to: "/dashboard/memories?write", icon: NotebookPen, title: "Share a memory", text: "Write down a story, a moment or a lesson you want kept." },
];

/**
 * "Go deeper": both cards finish onboarding first (the dashboard is only open after it) and then open the
 * matching dashboard section; "Skip for now" goes to the completion screen.
 */
export default function Contribute() {
  const navigate = useNavigate();
  const { setProfile } = useOnboardingProfile();
  const [busy, setBusy] = useState<string | null>(null);

  async function goTo(path: string) {
    setBusy(path);
    try {
      const { profile } = await callApi("completeOnboarding");
      setProfile(profile);
      navigate(path);
    } catch (error) {
      console.error("Completing onboarding failed", error);
      notifyError("Something went wrong", "Please try again.", { scope: "page" });
      setBusy(null);
    }
  }

  return (
    <StepFrame step={5} title="Want to go deeper?" intro={<p>Two things make the biggest difference to your twin. You can do both later, too.</p>}>
      <div className="grid gap-4 sm:grid-cols-2">
        {choices.map(({ to, icon: Icon, title, text }) => (
          <button
            key={to}
            type="button"
            disabled={busy !== null}
            onClick={() => goTo(to)}
            className="rounded-xl border-2 border-stone-200 bg-white p-5 text-left hover:border-brand disabled:opacity-60"
          >
            <Icon aria-hidden="true" className="h-6 w-6 text-brand" />
            <span className="mt-3 block text-lg font-semibold">{title}</span>
            <span className="mt-1 block text-sm text-muted">{text}</span>
          </button>
        ))}
      </div>
      <Button variant="secondary" className="mt-6" onClick={() => navigate("/onboarding/complete")} disabled={busy !== null}>
        Skip for now
      </Button>
    </StepFrame>
  );
}
