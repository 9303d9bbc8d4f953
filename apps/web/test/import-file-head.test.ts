import { describe, expect, it } from "vitest";
import { fileHead } from "../src/routes/_app/import/-components/guess-mapping";

describe("the first lines an import's detection reads", () => {
  it("sends a short file whole", () => {
    expect(fileHead("a,b\n1,2", 100)).toBe("a,b\n1,2");
    expect(fileHead("a,b\n1,2\n", 100)).toBe("a,b\n1,2\n");
  });

  it("cuts a long file after its header and 50 rows, or at the last whole line within the limit", () => {
    const file = ["h"].concat(Array.from({ length: 100 }, (_, i) => `row ${i}`)).join("\n");
    const head = fileHead(file, 10_000);
    expect(head.split("\n")).toHaveLength(52);
    expect(head.endsWith("row 49\n")).toBe(true);
    expect(fileHead("abc\ndefgh\nij", 9)).toBe("abc\n");
  });
});
