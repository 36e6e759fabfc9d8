import { describe, expect, it } from "vitest";
import { joinWaitlistSchema, sanitizeWaitlistEmail, waitlistMessages } from "./waitlist";

const refused = (message: string) => ({ ok: false, message });

describe("sanitizeWaitlistEmail (spec section 5)", () => {
  it("accepts a simple address and trims it, keeping its case", () => {
    expect(sanitizeWaitlistEmail("  Ann.Lee+beta@Example.co.uk \n")).toEqual({ ok: true, email: "Ann.Lee+beta@Example.co.uk" });
  });

  it("refuses a raw value with a script tag, a javascript: scheme, an event handler, or an iframe, object or embed tag", () => {
    for (const raw of [
      "<script>alert(1)</script>ann@example.com",
      "ann@example.com<SCRIPT src=x>",
      "javascript:alert(1)//@example.com",
      "JavaScript :ann@example.com",
      'ann@example.com" onmouseover="x',
      "ann@example.com onerror =1",
      "<img src=x onload=alert(1)>ann@example.com",
      "<iframe src=//evil>ann@example.com",
      "ann@example.com<OBJECT data=x>",
      "<embed src=x>ann@example.com",
    ]) {
      expect(sanitizeWaitlistEmail(raw), raw).toEqual(refused(waitlistMessages.emailUnsafe));
    }
  });

  it("does not mistake the letters 'on' inside a name for an event handler", () => {
    expect(sanitizeWaitlistEmail("jonathan@example.com")).toEqual({ ok: true, email: "jonathan@example.com" });
    expect(sanitizeWaitlistEmail("simon=x@example.com")).toEqual({ ok: true, email: "simon=x@example.com" });
  });

  it("strips harmless HTML tags before checking the address", () => {
    expect(sanitizeWaitlistEmail("<b>ann@example.com</b>")).toEqual({ ok: true, email: "ann@example.com" });
    expect(sanitizeWaitlistEmail("<p> ann@<i>example</i>.com </p>")).toEqual({ ok: true, email: "ann@example.com" });
  });

  it("requires something, then the simple pattern: text, @, text, a dot, text, without spaces", () => {
    expect(sanitizeWaitlistEmail("   ")).toEqual(refused(waitlistMessages.emailRequired));
    expect(sanitizeWaitlistEmail("<br>")).toEqual(refused(waitlistMessages.emailRequired));
    for (const raw of ["ann", "ann@example", "@example.com", "ann@.com.", "ann lee@example.com", "ann@exa mple.com", "a@b@c.com"]) {
      expect(sanitizeWaitlistEmail(raw), raw).toEqual(refused(waitlistMessages.emailInvalid));
    }
  });

  it("allows 254 characters and refuses 255, counted after stripping and trimming", () => {
    const domain = "@example.com";
    const at254 = `${"a".repeat(254 - domain.length)}${domain}`;
    expect(sanitizeWaitlistEmail(`  ${at254}  `)).toEqual({ ok: true, email: at254 });
    expect(sanitizeWaitlistEmail(`a${at254}`)).toEqual(refused(waitlistMessages.emailTooLong));
    expect(sanitizeWaitlistEmail("x".repeat(5000))).toEqual(refused(waitlistMessages.emailTooLong));
  });
});

describe("joinWaitlistSchema", () => {
  it("yields the sanitised address and an optional referral code, and rejects other fields", () => {
    expect(joinWaitlistSchema.parse({ email: " <b>ann@example.com</b> ", ref: " abc123 " })).toEqual({ email: "ann@example.com", ref: "abc123" });
    expect(joinWaitlistSchema.parse({ email: "ann@example.com" })).toEqual({ email: "ann@example.com" });
    expect(joinWaitlistSchema.safeParse({ email: "ann@example.com", position: 1 }).success).toBe(false);
    expect(joinWaitlistSchema.safeParse({ email: "ann@example.com", ref: "x".repeat(33) }).success).toBe(false);
  });

  it("carries the sanitiser's message", () => {
    const result = joinWaitlistSchema.safeParse({ email: "<script>x</script>" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(waitlistMessages.emailUnsafe);
  });
});
