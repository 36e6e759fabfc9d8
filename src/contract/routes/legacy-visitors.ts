import { z } from "zod";
import { legacyMessages, releasedMemoriesQuerySchema, releasedMemoriesResponseSchema, visitorTwinResponseSchema, memorialPageResponseSchema } from "../legacy";
import { twinChatRequestSchema } from "../twin";
import { endpoints, type EndpointName } from "../endpoints";
import { legacyContactId, memorialSlug, audioFile, type Endpoint } from "./shared";

/** A released legacy as it is met: a contact's conversation with the twin, the released recordings, and the public memorial. */
export const legacyVisitorRoutes = {
  getVisitorTwin: {
    ...endpoints.getVisitorTwin,
    ...legacyContactId,
    summary: "The released twin as this contact meets it: introduction, availability, and their own conversation.",
    response: visitorTwinResponseSchema,
  },
  sendVisitorTwinMessage: {
    ...endpoints.sendVisitorTwinMessage,
    ...legacyContactId,
    summary: "Asks the released twin, which answers from what this contact may read; streamed as a UI message stream.",
    body: twinChatRequestSchema,
    response: z.string().describe("Server-sent events of the UI message stream protocol"),
    produces: "text/event-stream",
  },
  getReleasedMemoryRecording: {
    ...endpoints.getReleasedMemoryRecording,
    params: z.object({ id: z.uuid(), memoryId: z.uuid() }),
    missing: { code: "not_found" as const, message: legacyMessages.recordingNotFound },
    summary: "The owner's recording of a released memory, for a contact the recordings audience reaches; range requests for seeking; 404 otherwise.",
    headers: z.object({ range: z.string().optional() }),
    response: audioFile,
    produces: "audio/webm",
  },
  getMemorialMemoryRecording: {
    ...endpoints.getMemorialMemoryRecording,
    params: z.object({ slug: z.string().max(60), memoryId: z.uuid() }),
    missing: { code: "not_found" as const, message: legacyMessages.recordingNotFound },
    summary: "The owner's recording of a memorial memory, when the owner let the public hear it; range requests for seeking; 404 otherwise.",
    headers: z.object({ range: z.string().optional() }),
    response: audioFile,
    produces: "audio/webm",
  },
  getMemorial: { ...endpoints.getMemorial, ...memorialSlug, summary: "A public memorial: whose it is, their years and the owner's words for visitors, the twin's introduction, and whether it answers now.", response: memorialPageResponseSchema },
  listMemorialMemories: {
    ...endpoints.listMemorialMemories,
    ...memorialSlug,
    summary: "A memorial's public memories whose seals have opened, in the order they happened (undated after), with their dates, themes and decades (nothing about sealed ones).",
    query: releasedMemoriesQuerySchema,
    response: releasedMemoriesResponseSchema,
  },
  askMemorialTwin: {
    ...endpoints.askMemorialTwin,
    ...memorialSlug,
    summary: "Asks a memorial's twin, which answers from the public memories only; nothing is stored; streamed as a UI message stream.",
    body: twinChatRequestSchema,
    response: z.string().describe("Server-sent events of the UI message stream protocol"),
    produces: "text/event-stream",
  },
} as const satisfies Partial<Record<EndpointName, Endpoint>>;
