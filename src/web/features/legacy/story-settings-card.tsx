import { useQuery } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import { MEMORIAL_INTRODUCTION_MAX } from "../../../contract/legacy-options";
import { voiceConsentScopeLabels, voiceConsentScopes, type VoiceConsentScope } from "../../../contract/voice-options";
import { messageOf } from "../../lib/api-client";
import { notifySuccess } from "../../lib/notify";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { TextAreaField } from "../../ui/field";
import { LoadFailed } from "../../ui/load-failed";
import { Spinner } from "../../ui/spinner";
import { releaseQuery, useSaveReleaseSettings } from "./legacy-queries";

const audienceHints: Record<VoiceConsentScope, string> = {
  "only-me": "Nobody else hears them, even after release.",
  "contacts-after-release": "After release, your contacts hear the recording on each memory they may read.",
  "public-memorial": "Your contacts after release, and visitors of your public memorial on its public memories.",
};

/**
 * Issue 34: who may hear the owner's own recordings on their memories (beside the voice consent, which is about the
 * AI voice), and the words the owner writes for the public memorial's visitors. Saved with the release settings.
 */
export function StorySettingsCard() {
  const release = useQuery(releaseQuery);
  const save = useSaveReleaseSettings();
  const [audience, setAudience] = useState<VoiceConsentScope>("only-me");
  const [introduction, setIntroduction] = useState("");
  const [error, setError] = useState<string | null>(null);
  const settings = release.data?.settings;
  useEffect(() => {
    if (!settings) return;
    setAudience(settings.recordingsAudience);
    setIntroduction(settings.memorialIntroduction ?? "");
  }, [settings]);
  if (release.isPending) return <Spinner label="Loading your settings…" />;
  if (release.isError) return <LoadFailed message="Could not load your settings." onRetry={() => void release.refetch()} />;
  const current = release.data.settings;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    save.mutate(
      { inactivityMonths: current.inactivityMonths, deathReports: current.deathReports, vetoDays: current.vetoDays, recordingsAudience: audience, memorialIntroduction: introduction },
      { onSuccess: () => notifySuccess("Saved", "Who hears your recordings, and your words for the memorial, are saved."), onError: (failure) => setError(messageOf(failure)) },
    );
  };
  return (
    <Card id="story-settings" title="Your recordings and your memorial's words">
      <form noValidate onSubmit={submit} className="grid gap-4">
        <fieldset className="grid gap-2">
          <legend className="font-medium">Who may hear your own recordings on your memories</legend>
          <p className="text-sm text-muted">
            Your answers spoken in Consciousness Capture, and any recording you attach to a memory in the Memory Vault. Each plays only on a memory the listener may read.
          </p>
          {voiceConsentScopes.map((scope) => (
            <label key={scope} className="flex min-h-11 items-start gap-3 rounded-xl border border-stone-200 p-3">
              <input type="radio" name="recordings-audience" value={scope} checked={audience === scope} onChange={() => setAudience(scope)} className="mt-1 h-4 w-4" />
              <span>
                <span className="font-medium">{voiceConsentScopeLabels[scope]}</span>
                <span className="block text-sm text-muted">{audienceHints[scope]}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <TextAreaField
          id="memorial-introduction"
          label="Introduction for your public memorial"
          rows={4}
          maxLength={MEMORIAL_INTRODUCTION_MAX}
          value={introduction}
          onChange={(e) => setIntroduction(e.target.value)}
          placeholder=""
        />
        <p className="-mt-2 text-sm text-muted">Shown to anyone who visits your memorial, under your name and years. Leave it empty to show nothing.</p>
        {error && (
          <p role="alert" className="text-red-700">
            {error}
          </p>
        )}
        <div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Saving…" : "Save"}
          </Button>
        </div>
      </form>
    </Card>
  );
}
