/** What the capture page uses of the capture feature: the guided session and the optional camera panel. */
export { CaptureSession } from "./capture-session";
export { CameraSection } from "./camera-section";
