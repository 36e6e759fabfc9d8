import { describe, expect, it } from "vitest";
import { askerRole, askerWords, fromOwnersSide } from "./kinship";
import { kinOf } from "./people-kin";
import { asTheAskerKnows, namePeopleIn } from "./people-names";

const family = [
  { name: "Desmond", relationship: "late husband" },
  { name: "Grace", relationship: "sister" },
  { name: "Ada", relationship: "daughter" },
  { name: "Bernadette", relationship: "Mam" },
];

describe("who is who (issue 58: the people in her life)", () => {
  it("reads a relationship as one kin word, however the owner wrote it", () => {
    expect(["late husband", "Mam", "eldest daughter", "my little sister", "Grandad", "friend from work"].map(kinOf)).toEqual(["husband", "mother", "daughter", "sister", "grandfather", "friend"]);
  });

  it("names the people a question names by kin, from the asker's side first", () => {
    const daughter = askerRole("daughter");
    expect(namePeopleIn(fromOwnersSide("What was Dad like?", daughter), family)).toBe("What was your husband Desmond like?");
    expect(namePeopleIn(fromOwnersSide("Did Auntie Grace live with you?", daughter), family)).toBe("Did your sister Grace live with you?");
    expect(namePeopleIn(fromOwnersSide("What was Great-Grandma like?", askerRole("granddaughter")), family)).toBe("What was your mother Bernadette like?");
    expect(namePeopleIn(fromOwnersSide("Did Grandpa ever sail?", askerRole("grandson")), family)).toBe("Did your husband Desmond ever sail?");
    expect(namePeopleIn("How did I meet my husband?".replace("I meet", "you meet"), family)).toBe("How did you meet my husband Desmond?");
    // Already named, or a kin word two people share: left alone.
    expect(namePeopleIn("Did your husband Desmond sail?", family)).toBe("Did your husband Desmond sail?");
    expect(namePeopleIn("What did your friend say?", [...family, { name: "Tom", relationship: "friend" }, { name: "Ruth", relationship: "friend" }])).toBe("What did your friend say?");
  });

  it("says the owner's sentences to a family member as they know the people in them", () => {
    const role = askerRole("daughter");
    const words = askerWords("What was Dad like?", role);
    expect(words.get("husband")).toBe("dad");
    const say = (sentence: string, used = words) => asTheAskerKnows(sentence, role, family, used, "Ada");
    expect(say("Desmond and I married at St Aidan's in 1968.")).toBe("Your dad and I married at St Aidan's in 1968.");
    expect(say("My late husband, Desmond, drove a green Morris Minor.")).toBe("Your dad drove a green Morris Minor.");
    expect(say("I thought my husband Desmond, who never sang, would sing that day.")).toBe("I thought your dad, who never sang, would sing that day.");
    // Her own word when she used one, else the plain one; her aunt is her aunt.
    expect(say("Grace came to stay with Desmond and me.", new Map())).toBe("Your aunt came to stay with your father and me.");
    // The asker's own name is hers to hear as "you" (speaking-to.ts), never "your sister".
    expect(say("Ada was born in the big snow.")).toBe("Ada was born in the big snow.");
  });

  it("leaves the owner's words alone for someone whose side cannot be placed", () => {
    expect(asTheAskerKnows("Desmond and I married in 1968.", askerRole("friend"), family, new Map())).toBe("Desmond and I married in 1968.");
    expect(asTheAskerKnows("Desmond and I married in 1968.", null, family, new Map())).toBe("Desmond and I married in 1968.");
  });

  it("does not take a word of address for someone else", () => {
    expect([...askerWords("Mom, how did you and Dad get together?", askerRole("son"))]).toEqual([["husband", "dad"]]);
  });
});
