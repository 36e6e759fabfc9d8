import { describe, expect, it } from "vitest";
import { formatDuration, formatRecorded } from "./format";

describe("formatDuration", () => {
  it("writes under a minute in seconds, rounded to the whole second", () => {
    expect(formatDuration(0)).toBe("0 s");
    expect(formatDuration(3.4)).toBe("3 s");
    expect(formatDuration(59.4)).toBe("59 s");
  });

  it("writes under an hour in minutes and seconds, leaving out a round minute's zero seconds", () => {
    expect(formatDuration(72)).toBe("1 min 12 s");
    expect(formatDuration(72.3)).toBe("1 min 12 s");
    expect(formatDuration(60)).toBe("1 min");
    expect(formatDuration(59.6)).toBe("1 min");
    expect(formatDuration(3599)).toBe("59 min 59 s");
  });

  it("writes an hour or more in hours with one decimal", () => {
    expect(formatDuration(3600)).toBe("1.0 h");
    expect(formatDuration(8640)).toBe("2.4 h");
  });

  it("never writes a negative length", () => {
    expect(formatDuration(-5)).toBe("0 s");
  });
});

describe("formatRecorded", () => {
  it("says 72 seconds as minutes and seconds, not as 0.0 hours", () => {
    expect(formatRecorded(72)).toEqual({ value: "1 min 12 s", unit: "recorded" });
    expect(formatRecorded(0)).toEqual({ value: "0 s", unit: "recorded" });
  });

  it("gives hours with one decimal from an hour on", () => {
    expect(formatRecorded(8640)).toEqual({ value: "2.4", unit: "hours" });
  });
});
