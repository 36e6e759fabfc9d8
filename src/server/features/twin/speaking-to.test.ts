import { describe, expect, it } from "vitest";
import { passageToTheAsker, toTheAsker } from "./speaking-to";

// Issue 41: a released twin speaks to the contact asking where a memory names them.
describe("a passage said to the person asking", () => {
  const toAda = (sentence: string) => toTheAsker(sentence, "Ada Lund");

  it("turns the asker's name into 'you', with the verb and the possessive that go with it", () => {
    expect(toAda("Harold died in March 2009, with Ada and me holding his hands.")).toBe("Harold died in March 2009, with you and me holding his hands.");
    expect(toAda("Ada's first bike was red.")).toBe("Your first bike was red.");
    expect(toAda("Ada was born in the snow, and Ada Lund has never liked the cold.")).toBe("You were born in the snow, and you have never liked the cold.");
    expect(toAda("Ada always tries to fix things; Ada watches birds.")).toBe("You always try to fix things; you watch birds.");
    expect(toAda("I told Ada everything.")).toBe("I told you everything.");
    expect(toAda("Ada herself said so.")).toBe("You yourself said so.");
  });

  it("takes the kin words standing before the name with it, and an apposition's commas", () => {
    expect(toAda("Our daughter, Ada, walks to school.")).toBe("You walk to school.");
    expect(toAda("My eldest daughter Ada loves the sea.")).toBe("You love the sea.");
    expect(toAda("I gave our daughter Ada, then six, a kite.")).toBe("I gave you, then six, a kite.");
  });

  it("leaves other words, other names and kin words used as names alone", () => {
    expect(toAda("Adam and Adaline came too.")).toBe("Adam and Adaline came too.");
    expect(toAda("Harold was born in Leeds.")).toBe("Harold was born in Leeds.");
    expect(toTheAsker("Mum sang every Sunday.", "Mum")).toBe("Mum sang every Sunday.");
    expect(toTheAsker("Ada sang.", "  ")).toBe("Ada sang.");
  });
});

// Issue 58: "I thought Tunde was too quiet for her", said to the daughter it was about.
describe("the asker's pronouns after their name", () => {
  const tunde = [{ name: "Tunde", relationship: "son-in-law" }];
  const toAma = (sentences: string[], people = tunde, relationship: string | null = "daughter") => passageToTheAsker(sentences, "Ama Mensah", relationship, people);

  it("are 'you' after the name, where nobody else the passage names could be meant", () => {
    expect(toAma(["Ama brought Tunde home in 2009.", "I thought Tunde was too quiet for her, but she was right about him."])).toEqual([
      "You brought Tunde home in 2009.",
      "I thought Tunde was too quiet for you, but you were right about him.",
    ]);
    expect(toAma(["Ama said she would sing at her wedding, and she always keeps her word."])).toEqual(["You said you would sing at your wedding, and you always keep your word."]);
    expect(toAma(["Ama was six.", "I told her she was braver than she knew.", "I watched her grow up.", "Her very first word was duck.", "She's the one who calls.", "She misses the sea."], [])).toEqual([
      "You were six.",
      "I told you you were braver than you knew.",
      "I watched you grow up.",
      "Your very first word was duck.",
      "You're the one who calls.",
      "You miss the sea.",
    ]);
    expect(passageToTheAsker(["Kofi came home late.", "I gave him his supper and told him the bike was his."], "Kofi", "eldest son")).toEqual([
      "You came home late.",
      "I gave you your supper and told you the bike was yours.",
    ]);
  });

  it("stay as written before the name, for a relationship with no pronouns, and wherever someone else could be meant", () => {
    expect(toAma(["She was born in the snow.", "Ama cried all night."])).toEqual(["She was born in the snow.", "You cried all night."]);
    expect(toAma(["Ama brought Tunde home.", "I thought he was too quiet for her."], tunde, "friend")).toEqual(["You brought Tunde home.", "I thought he was too quiet for her."]);
    // Someone else: a kin word of the same pronouns, a name the People list does not place, a person anyone could be.
    expect(toAma(["Ama brought Tunde home.", "My sister thought he was too quiet for her."])).toEqual(["You brought Tunde home.", "My sister thought he was too quiet for her."]);
    expect(toAma(["Mum took Ama to the market, and she bought her a red dress."])).toEqual(["Mum took you to the market, and she bought her a red dress."]);
    expect(toAma(["Ama was born in June.", "Efua wept when she first held her."])).toEqual(["You were born in June.", "Efua wept when she first held her."]);
    expect(toAma(["Ama brought Tunde home.", "I thought he was too quiet for her."], [])).toEqual(["You brought Tunde home.", "I thought he was too quiet for her."]);
    expect(toAma(["Ama came home with her cousin.", "She was soaked through."])).toEqual(["You came home with her cousin.", "She was soaked through."]);
  });
});
