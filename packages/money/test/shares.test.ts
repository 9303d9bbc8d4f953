import { describe, expect, it } from "vitest";
import { shares, sum } from "../src";

describe("shares of a whole", () => {
  it("answers exact shares when they divide evenly", () => {
    expect(shares(["750", "250"], 6)).toEqual(["0.75", "0.25"]);
  });

  it("gives the residue of thirds to the first of the equal ones", () => {
    // 1/3 each is 0.333333 cut, with 0.000001 left over: the first listed takes it.
    expect(shares(["10", "10", "10"], 6)).toEqual(["0.333334", "0.333333", "0.333333"]);
  });

  it("gives the residue to the shares that lost the most in the cut, not the largest", () => {
    // 2/7 = 0.285714|28..., 5/7 = 0.714285|71...: the second lost more, so it takes the unit.
    expect(shares(["2", "5"], 6)).toEqual(["0.285714", "0.714286"]);
    // 1/6 = 0.1666|66, 2/6 = 0.3333|33, 3/6 = 0.5: the sixth lost most, then the third.
    expect(shares(["1", "2", "3"], 4)).toEqual(["0.1667", "0.3333", "0.5"]);
  });

  it("always adds to exactly 1, whatever the figures' decimals", () => {
    const values = ["1234.5678", "0.00000001", "98765.4321", "3.14159265", "2718.28"];
    const answer = shares(values, 6);
    expect(sum(answer)).toBe("1");
    expect(answer[1]).toBe("0");
  });

  it("answers zeros for nothing, and refuses negative values", () => {
    expect(shares(["0", "0"], 6)).toEqual(["0", "0"]);
    expect(shares([], 6)).toEqual([]);
    expect(() => shares(["-1", "2"], 6)).toThrow(RangeError);
  });
});
