/** What the capture page uses of the capture feature: the guided session. */
export { CaptureSession } from "./capture-session";
