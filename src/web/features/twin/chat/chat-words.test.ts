import { APICallError } from "ai";
import { describe, expect, it } from "vitest";
import { legacyMessages } from "../../../../contract/legacy-options";
import { twinMessages } from "../../../../contract/twin-options";
import { sentenceStart, unsavedWords } from "./chat-words";
import { sendFailureText } from "./send-failure";

const refusal = (statusCode: number, responseBody: string) => new APICallError({ message: responseBody, url: "/api/twin/chat", requestBodyValues: undefined, statusCode, responseBody });

describe("what the one twin chat says", () => {
  it("marks a stop or a failure as not saved where answers are kept, and only says what happened on a memorial", () => {
    const owner = unsavedWords("your twin", true);
    expect(owner.question("stopped")).toBe("Stopped before your twin answered — nothing was saved.");
    expect(owner.question("failed")).toBe("Not saved — your twin did not answer.");
    expect(owner.answer("stopped")).toBe("Stopped — this answer was not saved.");
    expect(owner.answer("failed")).toBe("Failed — this answer was not saved.");
    const memorial = unsavedWords("Edith's twin", false);
    expect(memorial.question("stopped")).toBe("Stopped before Edith's twin answered.");
    expect(memorial.question("failed")).toBe("Edith's twin did not answer.");
    expect(memorial.answer("stopped")).toBe("Stopped.");
    expect(sentenceStart("your twin")).toBe("Your twin");
  });

  it("says a refusal in the server's words and anything else in the spec's", () => {
    const envelope = (message: string) => JSON.stringify({ error: { code: "rate_limited", message } });
    expect(sendFailureText(refusal(429, envelope(legacyMessages.visitorChatLimit)))).toBe(legacyMessages.visitorChatLimit);
    expect(sendFailureText(refusal(409, envelope(legacyMessages.twinPaused("Edith"))))).toBe(legacyMessages.twinPaused("Edith"));
    // A server failure's own words are not for the person; neither is a body that is not an envelope.
    expect(sendFailureText(refusal(500, JSON.stringify({ error: { code: "internal_error", message: "boom" } })))).toBe(twinMessages.sendFailed);
    expect(sendFailureText(refusal(403, "<html>Forbidden</html>"))).toBe(twinMessages.sendFailed);
    expect(sendFailureText(new TypeError("Failed to fetch"))).toBe(twinMessages.sendFailed);
  });
});
