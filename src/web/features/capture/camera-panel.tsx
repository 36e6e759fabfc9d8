import type { Config, Human } from "@vladmandic/human";
import { useEffect, useRef, useState } from "react";
import { publishLiveCapture } from "../../lib/live-capture";
import { FormulaLink } from "../../ui/formula-link";
import { attentionPercent, emotionFromValence, expressionValence, towardScreen, type FaceReading } from "./camera-cues";

/** Where the build puts the face models (scripts/vite/camera-models.ts): our own origin, never a CDN. */
const MODEL_BASE = "/models/human-3.3.6/";
/**
 * A reading every quarter of a second with WebGL; once a second on the CPU backend, which runs on the page's own
 * thread and would otherwise starve the microphone's measurements.
 */
const readEveryMs = (backend: string) => (backend === "webgl" ? 250 : 1000);
const KEEP_SECONDS = 60;
const DEGREES = 180 / Math.PI;

const hasWebGl = () => {
  try {
    return Boolean(document.createElement("canvas").getContext("webgl2") ?? document.createElement("canvas").getContext("webgl"));
  } catch {
    return false;
  }
};

/** Only what the panel needs: one face, its mesh (head pose), iris (gaze) and expression; nothing else loads. */
const humanConfig = (): Partial<Config> => ({
  backend: hasWebGl() ? "webgl" : "cpu",
  modelBasePath: MODEL_BASE,
  debug: false,
  warmup: "none",
  cacheSensitivity: 0,
  filter: { enabled: false },
  face: {
    enabled: true,
    detector: { modelPath: "blazeface.json", rotation: true, maxDetected: 1, minConfidence: 0.3 },
    mesh: { enabled: true, modelPath: "facemesh.json" },
    iris: { enabled: true, modelPath: "iris.json" },
    emotion: { enabled: true, modelPath: "emotion.json" },
    description: { enabled: false },
    antispoof: { enabled: false },
    liveness: { enabled: false },
    attention: { enabled: false },
  },
  body: { enabled: false },
  hand: { enabled: false },
  object: { enabled: false },
  gesture: { enabled: false },
  segmentation: { enabled: false },
} as Partial<Config>);

type Stage = "starting" | "loading" | "watching" | "denied" | "failed";

// One detector for the page's lifetime: its models load once, however often the panel is turned on and off.
let detector: Promise<Human> | null = null;
function loadDetector(): Promise<Human> {
  detector ??= import("@vladmandic/human").then(async ({ Human: HumanClass }) => {
    const human = new HumanClass(humanConfig());
    await human.load();
    return human;
  });
  detector.catch(() => {
    detector = null; // a failed load is tried again the next time
  });
  return detector;
}

/**
 * The optional camera panel, loaded only when the person turns it on: the camera's picture stays in this page, a
 * face model in the browser reads whether a face is in view, where it is turned, and its expression, and only those
 * few numbers are kept, for the last minute, in memory. Nothing is sent anywhere or stored.
 */
export default function CameraPanel() {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [stage, setStage] = useState<Stage>("starting");
  const [readings, setReadings] = useState<FaceReading[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const kept: FaceReading[] = [];
    const started = performance.now();
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "user", width: { ideal: 640 }, height: { ideal: 480 } }, audio: false });
      } catch (error) {
        if (!stopped) setStage(error instanceof DOMException && (error.name === "NotAllowedError" || error.name === "SecurityError") ? "denied" : "failed");
        if (!stopped) setProblem(error instanceof Error ? error.message : String(error));
        return;
      }
      if (stopped) return stream.getTracks().forEach((t) => t.stop());
      const video = videoRef.current!;
      video.srcObject = stream;
      await video.play().catch(() => undefined);
      setStage("loading");
      let human: Human;
      try {
        human = await loadDetector();
      } catch (error) {
        if (!stopped) {
          setStage("failed");
          setProblem(error instanceof Error ? error.message : String(error));
        }
        return;
      }
      if (stopped) return;
      setStage("watching");
      const read = async () => {
        if (stopped) return;
        const began = performance.now();
        try {
          const result = await human.detect(video);
          const face = result.face[0];
          const angle = face?.rotation?.angle;
          kept.push({
            t: (performance.now() - started) / 1000,
            face: Boolean(face),
            yawDegrees: angle ? angle.yaw * DEGREES : null,
            pitchDegrees: angle ? angle.pitch * DEGREES : null,
            expressions: Object.fromEntries((face?.emotion ?? []).map((e) => [e.emotion, e.score])),
          });
          while (kept.length > 0 && kept[0]!.t < kept.at(-1)!.t - KEEP_SECONDS) kept.shift();
          if (!stopped) {
            setReadings([...kept]);
            publishLiveCapture({ camera: { attention: attentionPercent(kept), emotion: emotionFromValence(expressionValence(kept)) } });
          }
        } catch {
          // One unreadable frame (the camera busy, a resize) is skipped; the next one is read.
        }
        timer = setTimeout(() => void read(), Math.max(0, readEveryMs(human.config.backend) - (performance.now() - began)));
      };
      void read();
    })();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
      publishLiveCapture({ camera: null });
    };
  }, []);

  const last = readings.at(-1);
  const attention = attentionPercent(readings);
  const valence = expressionValence(readings);
  const rows: Array<[string, string]> = [
    ["Face in view", last ? (last.face ? "Yes" : "No") : "—"],
    ["Looking at the screen", last ? (towardScreen(last) ? "Yes" : "No") : "—"],
    ["Attention (last 30 s)", attention === null ? "—" : `${attention}%`],
    ["Expression (shown only to you)", last?.face || valence !== null ? `${emotionFromValence(valence)}${valence === null ? "" : ` (valence ${valence})`}` : "—"],
  ];
  const status: Record<Stage, string> = {
    starting: "Asking for your camera…",
    loading: "Loading the face model in this browser…",
    watching: "Reading the camera in this browser.",
    denied: "Camera access was not allowed. You can answer without the camera; to use it, allow the camera for this site in your browser's settings.",
    failed: `The camera panel could not start${problem ? ` (${problem})` : ""}. You can answer without it.`,
  };
  return (
    <div className="grid gap-3 sm:grid-cols-[12rem_1fr]" data-testid="camera-panel">
      <video ref={videoRef} muted playsInline aria-label="Your camera, seen only in this page" className="aspect-[4/3] w-full -scale-x-100 rounded-lg bg-stone-900 object-cover" />
      <div className="grid content-start gap-2">
        <p role="status" className="text-sm" data-testid="camera-status">
          {status[stage]}
        </p>
        {stage === "watching" && last && !last.face && <p className="text-sm text-muted">No face in view. Sit where the camera can see you.</p>}
        <dl className="grid gap-1 text-sm" aria-label="Camera cues" data-testid="camera-cues">
          {rows.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-3 border-b border-stone-100 py-1">
              <dt className="text-muted">{label}</dt>
              <dd className="font-medium tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        <FormulaLink topic="cameraCues" />
      </div>
    </div>
  );
}
