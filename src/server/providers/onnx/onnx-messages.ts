/** A tensor as it crosses to the ONNX thread and back. */
export interface WireTensor {
  type: "float32" | "int32";
  data: Float32Array | Int32Array;
  dims: number[];
}

/** The encoders the ONNX thread holds: the twin's and the crisis check's fine-tuned readers, and MiniLM (for comparison: benches and evaluations). */
export type OnnxEncoder = "minilm" | "twin-reader" | "crisis-reader";

/** What the ONNX thread is asked: an encoder's vectors, a session's run, or to let a session go. */
export type OnnxRequest =
  | { id: number; op: "embed"; encoder: OnnxEncoder; texts: string[] }
  | { id: number; op: "run"; model: string; threads: number; feeds: Record<string, WireTensor>; outputs: string[] }
  | { id: number; op: "release"; model: string };

/** Its answer: the vectors end to end, the outputs asked for, nothing (a release), or what went wrong. */
export type OnnxAnswer =
  | { id: number; flat: Float32Array }
  | { id: number; outputs: Record<string, { data: Float32Array | Int32Array; dims: number[] }> }
  | { id: number }
  | { id: number; error: string };
