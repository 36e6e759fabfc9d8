import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";

/**
 * The face models the camera panel loads, served from our own origin (Human's defaults point at a CDN, which the
 * CSP forbids and which would tell a third party that someone opened their camera). Only the four the panel uses:
 * face detection, the face mesh (head pose), the iris (gaze) and expressions.
 */
export const CAMERA_MODELS = ["blazeface", "facemesh", "iris", "emotion"] as const;
export const HUMAN_VERSION = "3.3.6";
export const CAMERA_MODEL_BASE = `/models/human-${HUMAN_VERSION}/`;

const modelsDir = () => path.join(path.dirname(createRequire(import.meta.url).resolve("@vladmandic/human")), "..", "models");
const files = CAMERA_MODELS.flatMap((name) => [`${name}.json`, `${name}.bin`]);

/** Emits the model files into the client build at a fixed, versioned path, and serves them in development. */
export function cameraModels(): Plugin {
  return {
    name: "mindprint-camera-models",
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = req.url?.split("?")[0] ?? "";
        if (!url.startsWith(CAMERA_MODEL_BASE)) return next();
        const file = url.slice(CAMERA_MODEL_BASE.length);
        if (!files.includes(file)) return next();
        res.setHeader("content-type", file.endsWith(".json") ? "application/json" : "application/octet-stream");
        fs.createReadStream(path.join(modelsDir(), file)).pipe(res);
      });
    },
    generateBundle() {
      // Client build only: the server build has no use for them.
      if (this.environment?.name !== "client") return;
      for (const file of files) {
        this.emitFile({ type: "asset", fileName: `${CAMERA_MODEL_BASE.slice(1)}${file}`, source: fs.readFileSync(path.join(modelsDir(), file)) });
      }
    },
  };
}
