import { z } from "zod";
import {
  consciousnessExportSchema,
  encryptedExportRequestSchema,
  encryptedExportSchema,
  exportSummaryResponseSchema,
  importRequestSchema,
  importResponseSchema,
  voiceArchiveSchema,
} from "../data-export";
import { endpoints, type EndpointName } from "../endpoints";
import type { Endpoint } from "./shared";

/** Data Export: the consciousness file (plain or encrypted), the voice archive and recordings, and the import. */
export const dataExportRoutes = {
  getExportSummary: { ...endpoints.getExportSummary, summary: "What an export would contain.", response: exportSummaryResponseSchema },
  exportConsciousness: {
    ...endpoints.exportConsciousness,
    summary: "Downloads everything as one JSON file, streamed; needs a recent sign-in.",
    response: consciousnessExportSchema,
    produces: "application/json",
  },
  exportConsciousnessEncrypted: {
    ...endpoints.exportConsciousnessEncrypted,
    summary: "The same file encrypted with a passphrase (AES-256-GCM, scrypt), streamed; needs a recent sign-in.",
    body: encryptedExportRequestSchema,
    response: encryptedExportSchema,
    produces: "application/json",
  },
  exportVoiceArchive: { ...endpoints.exportVoiceArchive, summary: "The voice sessions and clones as JSON (an attachment); needs a recent sign-in.", response: voiceArchiveSchema },
  exportVoiceRecordings: {
    ...endpoints.exportVoiceRecordings,
    summary: "The recordings themselves as one tar archive, streamed; needs a recent sign-in.",
    response: z.string().describe("binary"),
    produces: "application/x-tar",
  },
  importConsciousness: { ...endpoints.importConsciousness, summary: "Restores an export (plain or encrypted) into an empty vault, all or nothing.", body: importRequestSchema, response: importResponseSchema },
} as const satisfies Partial<Record<EndpointName, Endpoint>>;
