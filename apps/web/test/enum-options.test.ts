import { assetKinds, transactionKinds } from "@ledgerline/contracts/browser";
import { describe, expect, it } from "vitest";
import { anyOption, enumOptions } from "../src/components/ui/SelectField";

describe("enumOptions", () => {
  it("labels each value of a contract's enum as it reads in a sentence, in the enum's order", () => {
    expect([anyOption, ...enumOptions(transactionKinds)]).toEqual([
      { value: "", label: "All" },
      { value: "BUY", label: "Buy" },
      { value: "SELL", label: "Sell" },
      { value: "SPLIT", label: "Split" },
      { value: "TRANSFER_IN", label: "Transfer in" },
      { value: "TRANSFER_OUT", label: "Transfer out" },
    ]);
  });

  it("takes a label the screen names otherwise", () => {
    expect(enumOptions(assetKinds, { STOCK: "Stocks" })).toEqual([
      { value: "STOCK", label: "Stocks" },
      { value: "CRYPTO", label: "Crypto" },
    ]);
  });
});
