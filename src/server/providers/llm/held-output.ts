import type { LanguageModelV4, LanguageModelV4StreamPart } from "@ai-sdk/provider";
import { wrapLanguageModel, type LanguageModel } from "ai";

/** What a check makes of a model's whole answer: null to let it through, or the text to say instead. */
export type OutputCheck = (text: string) => string | null;

/**
 * A model whose answer is held until it is complete and checked before any of it is shown (issue 42): a remote model
 * may claim to be the person or encourage self-harm, and a word once streamed cannot be taken back. The check's text
 * replaces the whole answer when it objects.
 */
export function heldForCheck(model: LanguageModel, check: OutputCheck): LanguageModelV4 {
  // Providers are built as model objects (create-model.ts); a model named by a string would go through a gateway.
  if (typeof model === "string") throw new Error("a model named by a string cannot be held for checking");
  const wrapped = wrapLanguageModel({
    model: model as LanguageModelV4,
    middleware: {
      specificationVersion: "v4",
      wrapStream: async ({ doStream }) => {
        const { stream, ...rest } = await doStream();
        const held: LanguageModelV4StreamPart[] = [];
        let text = "";
        const checked = stream.pipeThrough(
          new TransformStream<LanguageModelV4StreamPart, LanguageModelV4StreamPart>({
            transform(part, controller) {
              // Text waits for the end; everything else (the start, metadata, errors) goes on at once.
              if (part.type === "text-start" || part.type === "text-delta" || part.type === "text-end") {
                if (part.type === "text-delta") text += part.delta;
                held.push(part);
              } else if (part.type === "finish") {
                const replacement = check(text);
                if (replacement === null) for (const p of held) controller.enqueue(p);
                else {
                  controller.enqueue({ type: "text-start", id: "checked" });
                  controller.enqueue({ type: "text-delta", id: "checked", delta: replacement });
                  controller.enqueue({ type: "text-end", id: "checked" });
                }
                controller.enqueue(part);
              } else controller.enqueue(part);
            },
          }),
        );
        return { stream: checked, ...rest };
      },
    },
  });
  return wrapped as LanguageModelV4;
}
