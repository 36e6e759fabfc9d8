import { describe, expect, it } from "vitest";
import { ageOn } from "./age";

describe("ageOn", () => {
  const now = new Date("2026-03-14T08:00:00Z");
  it("counts whole years, turning over on the birthday itself", () => {
    expect(ageOn("1955-03-14", now)).toBe(71);
    expect(ageOn("1955-03-15", now)).toBe(70);
    expect(ageOn("2000-02-29", new Date("2026-02-28T00:00:00Z"))).toBe(25);
  });
  it("gives null for missing, malformed, impossible or future dates", () => {
    expect(ageOn(null, now)).toBeNull();
    expect(ageOn("14/03/1955", now)).toBeNull();
    expect(ageOn("1955-02-30", now)).toBeNull();
    expect(ageOn("2030-01-01", now)).toBeNull();
  });
});
