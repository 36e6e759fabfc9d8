import { describe, expect, it } from "vitest";
import { kinOf } from "./people-kin";
import { checkSupport, readKinNames, readMaterial, readNamedKin, readQuestionTerms } from "./support";

const check = (question: string, material: string) => checkSupport(readQuestionTerms(question), readMaterial(material));
const collie = "When I was nine we got a collie called Biscuit, and he slept at the foot of my bed every night until I left home.";

describe("the support check of a question's key terms against a memory", () => {
  it("supports a question whose noun the memory names, or names more specifically", () => {
    expect(check("Tell me about your dog.", collie)).toMatchObject({ share: 1, decisiveContradiction: false });
    expect(check("Did you have a pet growing up?", collie).supported).toContain("pet");
    expect(check("Did you ever eat pasta in Portugal?", "In Lisbon we ate lasagna every Sunday.").supported).toEqual(expect.arrayContaining(["pasta", "portugal"]));
  });

  it("finds the decisive contradiction of a near miss", () => {
    const cat = check("Did you have a cat when you were a kid?", collie);
    expect(cat.decisiveContradiction).toBe(true);
    expect(cat.contradicted).toEqual([["cat", "collie"]]);
    expect(check("Did you move to Brazil?", "We moved to Portugal in 1985 when the shipyard closed.").decisiveContradiction).toBe(true);
  });

  it("leaves open what a wh-question asks for, and kin words said from the asker's side", () => {
    // The memory's cigarette paper is the answer to "what stationery", not a contradiction of it.
    expect(check("What did he use as stationery when he wrote to you?", "He wrote his letters to me on cigarette paper.").decisiveContradiction).toBe(false);
    expect(check("Which instrument did you play?", "I played the violin in the school orchestra.").decisiveContradiction).toBe(false);
    // "Dad", asked by a daughter, is the owner's husband: a mother in the memory does not contradict him.
    expect(check("Mom, what did Dad give you when you got married?", "My mother gave me her ring when I married Tomasz.").decisiveContradiction).toBe(false);
    // Said as "your …", the kin word is the owner's own: a son is no daughter.
    expect(check("Tell me about when your daughter was born.", "My son was born in the camp hospital in 1980.").decisiveContradiction).toBe(true);
  });

  it("matches names and numbers by their folded form", () => {
    expect(check("Did you meet Tomás in 1962?", "I met Tomas at a dance in 1962.").share).toBe(1);
  });
});

describe("the person's own names for their kin", () => {
  it("reads who a kin word names from the material, and lets the name support the kin word", () => {
    const names = readKinNames(["My late husband, Minh, fixed every engine in Biloxi.", "Lan, my daughter, was born in the camp.", "my son Đức"]);
    expect([...names.get("husband")!]).toEqual(["minh"]);
    expect([...names.get("daughter")!]).toEqual(["lan"]);
    expect([...names.get("son")!]).toEqual(["duc"]);
    const question = readQuestionTerms("Did your husband like the sea?");
    const memory = readMaterial("Minh loved the sea more than anything.");
    expect(checkSupport(question, memory).supported).not.toContain("husband");
    expect(checkSupport(question, memory, names).supported).toContain("husband");
  });
});

describe("the details that decide a near miss", () => {
  it("a year the memory does not give, where it gives another, contradicts", () => {
    const flood = "I was three during the big flood of July 1996; our basement filled to the ceiling.";
    expect(check("Did your parents lose everything in the 1998 flood?", flood)).toMatchObject({ decisiveContradiction: true });
    expect(check("Did your parents lose everything in the 1996 flood?", flood)).toMatchObject({ decisiveContradiction: false });
  });

  it("a name the question gives and the memory lacks is reported missing", () => {
    expect(check("Did you ever visit the Prado in Madrid?", "In 1992 we took the train from Madrid to the Expo in Seville.").missingNames).toEqual(["prado"]);
  });

  it("a verb alternative decides when every noun of the question is supported", () => {
    const sold = "In 1985 my father sold the farm to a neighbour and we moved to town.";
    expect(check("Did your father buy the farm?", sold).decisiveContradiction).toBe(true);
    // With a noun unsupported as well, the noun decides (or nothing does): the verb alone does not.
    expect(check("Did your father buy the boat?", sold).decisiveContradiction).toBe(false);
  });
});

describe("one vocabulary of kin words (people-kin.ts) for memories and the People list", () => {
  it("reads 'my nana Rose' in a memory as the grandmother the list suggests", () => {
    const [named] = readNamedKin("My nana Rose kept bees behind the chapel.");
    expect(named).toEqual({ kin: "nana", name: "Rose" });
    expect(kinOf(named!.kin)).toBe("grandmother");
    // …so "your grandmother" is supported by a memory that only says Rose, and a title is not a name.
    expect(readKinNames(["My nana Rose kept bees."]).get("grandmother")).toEqual(new Set(["rose"]));
    expect(readNamedKin("Our neighbour Mrs Jones kept hens.")).toEqual([{ kin: "neighbour", name: "Jones" }]);
  });
});
