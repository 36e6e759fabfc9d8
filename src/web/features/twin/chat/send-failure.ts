import { APICallError } from "ai";
import { twinMessages } from "../../../../contract/twin-options";

/**
 * What the box says when a question got no answer. A refusal (4xx: too many questions, paused, not named) is said in
 * the server's own words from its error envelope, which the transport hands over as the response body; anything else
 * (a server failure, a broken stream, no network) is the spec's "Failed to send message."
 */
export function sendFailureText(error: Error): string {
  if (APICallError.isInstance(error) && error.statusCode !== undefined && error.statusCode < 500) {
    try {
      const parsed = JSON.parse(error.responseBody ?? "") as { error?: { message?: string } };
      if (parsed.error?.message) return parsed.error.message;
    } catch {
      // Not an error envelope.
    }
  }
  return twinMessages.sendFailed;
}
