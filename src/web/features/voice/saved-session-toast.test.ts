import { describe, expect, it } from "vitest";
import { NO_SPEECH_LABEL } from "../../../contract/voice-options";
import { savedSessionToast } from "./saved-session-toast";

describe("the toast after saving a voice session", () => {
  it("is the spec's success for a recording with speech, and a plain (not red) note for one without", () => {
    expect(savedSessionToast({ durationSeconds: 72, quality: { label: "Good" } })).toEqual({ kind: "success", title: "Voice Session Saved", description: "1 min 12 s recorded." });
    const silent = savedSessionToast({ durationSeconds: 5, quality: { label: NO_SPEECH_LABEL } });
    expect(silent.kind).toBe("neutral");
    expect(silent.title).toBe("Saved, but no speech heard");
    expect(silent.description).toContain("does not count toward training");
  });
});
