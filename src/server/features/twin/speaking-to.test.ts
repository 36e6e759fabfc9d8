import { describe, expect, it } from "vitest";
import { toTheAsker } from "./speaking-to";

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
