import { describe, expect, it } from "vitest";
import { formatHappenedOn, happenedOnOf, isValidHappenedOn, parseHappenedOn } from "./memory-when";

const today = new Date("2026-11-23T10:00:00Z");

describe("when a memory happened", () => {
  it("takes a real year, month or day from year 1000 up to today (a day past UTC's, for places east of it)", () => {
    for (const ok of ["1998", "1998-06", "1998-06-14", "2000-02-29", "1000", "2026-11", "2026-11-23", "2026-11-24"]) expect(isValidHappenedOn(ok, today), ok).toBe(true);
    for (const bad of ["999", "0999", "1998-00", "1998-13", "1999-02-29", "1998-04-31", "2026-12", "2026-11-25", "2027", "98", "1998-6", "1998-06-1", " 1998"]) {
      expect(isValidHappenedOn(bad, today), bad).toBe(false);
    }
  });

  it("builds the stored text from its parts and reads it back", () => {
    expect(happenedOnOf(1998, null, null)).toBe("1998");
    expect(happenedOnOf(1998, 6, null)).toBe("1998-06");
    expect(happenedOnOf(1998, 6, 4)).toBe("1998-06-04");
    expect(happenedOnOf(null, 6, 4)).toBeNull();
    expect(parseHappenedOn("1998-06-04")).toEqual({ year: 1998, month: 6, day: 4 });
  });

  it("says it as a person would", () => {
    expect(formatHappenedOn("1998")).toBe("1998");
    expect(formatHappenedOn("1998-06")).toBe("June 1998");
    expect(formatHappenedOn("1998-06-14")).toBe("June 14, 1998");
  });
});
