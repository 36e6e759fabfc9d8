import { Link, type MetaFunction } from "react-router";
import { findSection } from "../../features/dashboard/sections";
import { CloneVoiceForm } from "../../features/voice/clone-voice-form";
import { TrainingStatusPanel } from "../../features/voice/training-status-panel";
import { VoiceCloneList } from "../../features/voice/voice-clone-list";

export const meta: MetaFunction = () => [{ title: "Consciousness Capture · Mindprint" }, { name: "robots", content: "noindex, nofollow" }];

/**
 * Consciousness Capture. The capture session itself (prompt, live metrics, saving the answer) is not built yet and
 * says so; the clone form and the clones list are the same components as on the Voice Training Hub, so cloning
 * works here too (the prototype refused it).
 */
export default function CaptureSection() {
  const section = findSection("capture")!;
  return (
    <div className="grid min-w-0 gap-6">
      <header>
        <h1 className="text-3xl font-semibold">{section.label}</h1>
        <p className="mt-2 text-muted">{section.comingSoon}</p>
        <p className="mt-3 inline-block rounded-full bg-violet-50 px-3 py-1 text-sm font-medium text-brand-strong">Capture sessions: coming soon</p>
        <p className="mt-3 text-sm text-muted">
          Your recordings come from the{" "}
          <Link to="/dashboard/voice" className="text-brand-strong underline">
            Voice Training Hub
          </Link>
          ; you can train and manage your voice clone from either page.
        </p>
      </header>
      <CloneVoiceForm idPrefix="capture-clone" />
      <TrainingStatusPanel idPrefix="capture-training" />
      <VoiceCloneList idPrefix="capture-clones" />
    </div>
  );
}
