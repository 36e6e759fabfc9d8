// The model layer's public face: build the configured model, write reflections with it.
export { createLanguageModel, llmSettingsFromConfig, type LlmSettings } from "./create-model";
export { createLocalModel, LOCAL_MODEL_ID } from "./local-model";
export { generateReflection, ReflectionFailedError, type ReflectionFailure, type ReflectionOptions } from "./reflection";
export type { ReflectionInput } from "./reflection-input";
export { buildReflectionPrompt, REFLECTION_SYSTEM_PROMPT } from "./reflection-prompt";
