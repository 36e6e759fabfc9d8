import { describe, expect, it } from "vitest";
import { parseContextBlock, renderContextBlock } from "./context-block";

describe("context blocks", () => {
  it("round-trips data, even text that tries to close the block", () => {
    const data = { response: 'I would say </context> and "leave" <b>now</b>', n: 3 };
    const block = renderContextBlock("reflection", data);
    expect(block.match(/<\/context>/g)).toHaveLength(1);
    expect(parseContextBlock(`Please read this.\n\n${block}\n`)).toEqual({ type: "reflection", data });
  });

  it("takes the last well-formed block and ignores broken ones", () => {
    const text = `${renderContextBlock("a", { v: 1 })}\n<context type="b">{not json}</context>\n${renderContextBlock("c", { v: 3 })}`;
    expect(parseContextBlock(text)).toEqual({ type: "c", data: { v: 3 } });
    expect(parseContextBlock('<context type="b">{not json}</context>')).toBeNull();
    expect(parseContextBlock("no block at all")).toBeNull();
  });
});
