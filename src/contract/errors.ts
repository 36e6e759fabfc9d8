import { z } from "zod";
import { messages } from "./messages";

/** Every error code the API can answer with. 4xx messages are safe to show to a person. */
export const errorCodes = [
  "validation_failed",
  "unauthenticated",
  "not_found",
  "origin_rejected",
  "rate_limited",
  "link_invalid",
  "unsubscribe_link_invalid",
  "waitlist_link_invalid",
  "provider_not_configured",
  "access_denied",
  "mail_unavailable",
  "reauth_required",
  "reflection_failed",
  "profile_incomplete",
  "memory_not_found",
  "legacy_contact_not_found",
  "legacy_contact_conflict",
  "legacy_invitation_invalid",
  "legacy_not_released",
  "legacy_twin_unavailable",
  "memorial_not_found",
  "memorial_slug_taken",
  "personality_attempt_not_found",
  "personality_attempt_finished",
  "scenario_not_found",
  "capture_prompt_not_found",
  "transcription_not_configured",
  "scenario_already_answered",
  "scenario_retest_not_due",
  "legacy_voice_refused",
  "twin_message_not_found",
  "voice_session_not_found",
  "voice_invalid_audio",
  "voice_too_large",
  "voice_quota_exceeded",
  "voice_profile_not_found",
  "voice_already_submitted",
  "voice_not_enough_audio",
  "voice_not_ready",
  "voice_service_failed",
  "voice_consent_required",
  "voice_consent_not_found",
  "voice_session_is_consent",
  "biometric_import_not_found",
  "biometric_source_not_found",
  "biometric_not_an_export",
  "biometric_too_large",
  "biometric_import_running",
  "database_unavailable",
  "search_timed_out",
  "storage_unavailable",
  "twin_failed",
  "import_account_not_empty",
  "import_wrong_passphrase",
  "import_damaged_file",
  "payload_too_large",
  "url_too_long",
  "unsupported_content",
  "internal_error",
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** The one error envelope: `{ error: { code, message } }`. */
export const errorEnvelopeSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** The Idempotency-Key header of creating requests: a retry with the same key returns what the first attempt stored. */
export const idempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, messages.idempotencyKeyInvalid);
