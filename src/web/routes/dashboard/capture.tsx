import type { MetaFunction } from "react-router";
import { CameraSection, CaptureSession } from "../../features/capture";
import { findSection } from "../../features/dashboard/sections";
import { CloneVoiceForm, TrainingStatusPanel, VoiceCloneList } from "../../features/voice";

export const meta: MetaFunction = () => [{ title: "Consciousness Capture · Mindprint" }, { name: "robots", content: "noindex, nofollow" }];

/**
 * Consciousness Capture: a guided session (a question, a spoken or written answer with live voice signals, saved to
 * the vault), then the clone form and the clones list, the same components as on the Voice Training Hub.
 */
export default function CaptureSection() {
  const section = findSection("capture")!;
  return (
    <div className="grid min-w-0 gap-6">
      <header>
        <h1 className="text-3xl font-semibold">{section.label}</h1>
        <p className="mt-2 text-muted">
          One question at a time, a few minutes each. Answer aloud, in writing, or both; each answer goes to your Memory Vault with its question. While
          you speak, your voice signals are measured in this browser: the audio you choose to save is uploaded, the live measurements stay here, and only
          their summary is kept with the recording.
        </p>
      </header>
      <CaptureSession />
      <CameraSection />
      <CloneVoiceForm idPrefix="capture-clone" recordWhere="capture" />
      <TrainingStatusPanel idPrefix="capture-training" />
      <VoiceCloneList idPrefix="capture-clones" />
    </div>
  );
}
