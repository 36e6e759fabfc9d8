import { describe, expect, it } from "vitest";
import { statementDate, voiceConsentStatement } from "../../../contract";
import { comparableWords, hearStatementInWords } from "./consent-words";

// The rule of the consent check on what was said, on transcripts as Whisper writes them (numbers in digits, names spelt
// as heard), for people and days no fixture has.
const parts = { name: "Oluwaseun Adeyemi", day: "2027-02-03", scope: "contacts-after-release" as const };
const statement = voiceConsentStatement(parts.name, statementDate(parts.day), parts.scope);

describe("the consent statement heard in words", () => {
  it("reads digits, ordinals and possessives as they are said", () => {
    expect(comparableWords("3rd February, 2027: my twin's")).toEqual(["three", "february", "twenty", "twenty", "seven", "my", "twins"]);
    expect(comparableWords("the third of February")).toEqual(["the", "three", "of", "february"]);
    expect(comparableWords("3 December, 2,026")).toEqual(comparableWords("3 December, 2026"));
  });

  it("hears a name by its sound when Whisper writes it as other words (Irish names it does not know)", () => {
    for (const [name, heard] of [["Saoirse Byrne", "Sear Sha Bern"], ["Aoife Keogh", "Eefa Cue"], ["Siobhan Keane", "Chevonne Keen"]] as const) {
      const own = { ...parts, name };
      const read = voiceConsentStatement(name, statementDate(parts.day), parts.scope).replace(name, heard);
      expect(hearStatementInWords(own, read), name).toMatchObject({ accepted: true, nameHeard: true });
      // Another person's name does not sound like it.
      expect(hearStatementInWords(own, voiceConsentStatement("Walter Brennan", statementDate(parts.day), parts.scope)).nameHeard).toBe(false);
    }
  });

  it("takes a day it did not catch as not contradicted, and refuses one that another month or day contradicts, 'today's' too", () => {
    const uncaught = statement.replace("3 February 2027", "free every 2027");
    expect(hearStatementInWords(parts, uncaught)).toMatchObject({ accepted: true, dayHeard: true });
    const otherMonth = statement.replace("today is 3 February 2027", "today's 3 October 2027");
    expect(hearStatementInWords(parts, otherMonth)).toMatchObject({ accepted: false, dayHeard: false });
    const otherDay = statement.replace("3 February 2027", "27 February 2027");
    expect(hearStatementInWords(parts, otherDay)).toMatchObject({ accepted: false, dayHeard: false });
  });

  it("accepts the statement as a transcriber writes it, the name spelt as heard and the day in another order", () => {
    const heard = statement.replace("Oluwaseun Adeyemi", "Olu Washeun Adeyemi").replace("3 February 2027", "February 3rd, 2027").replace("synthetic", "synthetics");
    expect(hearStatementInWords(parts, heard)).toMatchObject({ accepted: true, nameHeard: true, dayHeard: true });
  });

  it("refuses another person's, another day's and another audience's statement, and half of it", () => {
    expect(hearStatementInWords(parts, voiceConsentStatement("Harriet Lindqvist", statementDate(parts.day), parts.scope))).toMatchObject({ accepted: false, nameHeard: false });
    expect(hearStatementInWords(parts, voiceConsentStatement(parts.name, statementDate("2027-05-19"), parts.scope))).toMatchObject({ accepted: false, dayHeard: false });
    expect(hearStatementInWords(parts, voiceConsentStatement(parts.name, statementDate(parts.day), "public-memorial")).accepted).toBe(false);
    expect(hearStatementInWords(parts, statement.slice(0, statement.length / 2)).accepted).toBe(false);
  });
});

describe("a reading that refuses what it reads (SECURITY.md 50)", () => {
  const refusals: [string, string][] = [
    ["I agree that Mindprint", "I do not agree, I refuse, that Mindprint"],
    ["I agree that Mindprint", "I don't agree that Mindprint"],
    [`I am ${parts.name},`, `I am not ${parts.name},`],
    [`I am ${parts.name},`, `I'm not ${parts.name},`],
    ["Mindprint may make", "Mindprint may never make"],
    ["I can withdraw", "I can not withdraw"],
    ["I agree that Mindprint", "I refuse that Mindprint"],
    ["will then be deleted.", "will then be deleted. I do not consent."],
    ["will then be deleted.", "will then be deleted. No, I take that back."],
    ["things I never said.", "things I never said. But this is against my will."],
  ];
  it.each(refusals)("refuses %s read as %s, quoting what was heard", (from, to) => {
    const heard = statement.replace(from, to);
    expect(heard).not.toBe(statement);
    const hearing = hearStatementInWords(parts, heard);
    expect(hearing.accepted).toBe(false);
    expect(hearing.contradiction).not.toBeNull();
    // Most of the statement was heard: only the inserted words refuse it.
    expect(hearing.share).toBeGreaterThan(0.9);
  });

  it("quotes the words around the refusal as heard", () => {
    expect(hearStatementInWords(parts, statement.replace("I agree that", "I do not agree, I refuse, that")).contradiction).toBe("i do not agree i refuse that");
  });

  it("does not count the statement's own 'never', nor words it says in its place ('things I never said')", () => {
    expect(hearStatementInWords(parts, statement)).toMatchObject({ accepted: true, contradiction: null });
    // Whisper's own small additions are not refusals.
    expect(hearStatementInWords(parts, `${statement} Thank you.`)).toMatchObject({ accepted: true, contradiction: null });
    // Nor what a recogniser hears in place of a statement word that sounds like it: "now and after" as "no after",
    // "can say" as "can't say".
    const onlyMe = { ...parts, scope: "only-me" as const };
    const own = voiceConsentStatement(onlyMe.name, statementDate(onlyMe.day), onlyMe.scope);
    for (const [from, to] of [["now and after", "no after"], ["now and after", "not after"], ["can say", "can't say"]] as const) {
      expect(own).toContain(from);
      expect(hearStatementInWords(onlyMe, own.replace(from, to)).contradiction, to).toBeNull();
    }
  });
});
