import type { ErrorCode } from "../../contract";
import { messages } from "../../contract";

const statusOf: Record<ErrorCode, number> = {
  validation_failed: 400,
  link_invalid: 400,
  unsubscribe_link_invalid: 400,
  waitlist_link_invalid: 400,
  unauthenticated: 401,
  access_denied: 403,
  age_required: 422,
  guardian_required: 422,
  age_not_permitted: 403,
  age_unstated: 403,
  age_already_stated: 409,
  guardian_link_invalid: 400,
  guardian_consent_pending: 403,
  origin_rejected: 403,
  not_found: 404,
  memory_not_found: 404,
  legacy_contact_not_found: 404,
  legacy_contact_conflict: 409,
  legacy_invitation_invalid: 410,
  legacy_not_released: 409,
  legacy_twin_unavailable: 409,
  memorial_not_found: 404,
  memorial_slug_taken: 409,
  personality_attempt_not_found: 404,
  personality_attempt_finished: 409,
  scenario_not_found: 404,
  capture_prompt_not_found: 404,
  capture_answer_exists: 409,
  transcription_not_configured: 409,
  biometric_import_not_found: 404,
  biometric_source_not_found: 404,
  biometric_not_an_export: 422,
  biometric_too_large: 413,
  biometric_import_running: 409,
  scenario_already_answered: 409,
  scenario_retest_not_due: 409,
  legacy_voice_refused: 409,
  twin_message_not_found: 404,
  twin_message_not_answer: 409,
  voice_session_not_found: 404,
  voice_invalid_audio: 422,
  voice_too_large: 413,
  voice_quota_exceeded: 413,
  voice_profile_not_found: 404,
  voice_already_submitted: 409,
  voice_not_enough_audio: 422,
  voice_not_ready: 409,
  voice_service_failed: 502,
  voice_consent_required: 409,
  voice_consent_not_found: 404,
  voice_session_is_consent: 409,
  database_unavailable: 503,
  search_timed_out: 503,
  storage_unavailable: 503,
  twin_failed: 503,
  import_account_not_empty: 409,
  import_wrong_passphrase: 422,
  import_damaged_file: 422,
  provider_not_configured: 409,
  rate_limited: 429,
  mail_unavailable: 503,
  reauth_required: 403,
  reflection_failed: 503,
  profile_incomplete: 409,
  payload_too_large: 413,
  url_too_long: 414,
  unsupported_content: 415,
  internal_error: 500,
};

/** The one error type services throw; the error handler turns it into the envelope with the mapped status. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: { fields?: Record<string, string>; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.status = statusOf[code];
  }
}

export const unauthenticated = () => new AppError("unauthenticated", messages.notSignedIn);
