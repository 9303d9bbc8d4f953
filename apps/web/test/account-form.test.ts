import type { InvestmentAccount } from "@ledgerline/contracts";
import {
  INSTITUTION_MAX_LENGTH,
  INVESTMENT_ACCOUNT_NAME_MAX_LENGTH,
  investmentAccountMessages as messages,
} from "@ledgerline/contracts/browser";
import { describe, expect, it } from "vitest";
import {
  accountFormOf,
  accountFormProblems,
  accountInput,
  accountSaveFailure,
  emptyAccountForm,
} from "../src/routes/_app/accounts/-components/account-form";

const ira: InvestmentAccount = {
  id: 4,
  name: "Retirement",
  type: "ira",
  institution: null,
  cashTracked: true,
  cashBalance: "0",
  costBasisMethod: "fifo",
  isDefault: false,
  displayOrder: 1,
};

/** A tRPC client error as the server formats a refusal (platform/trpc/trpc.ts). */
function refusal(
  status: number,
  message: string,
  issues: { path: string; message: string }[] | null,
) {
  return Object.assign(new Error(message), { data: { httpStatus: status, issues } });
}

describe("the account form", () => {
  it("asks for a name and holds name and institution to the server's lengths", () => {
    expect(accountFormProblems({ ...emptyAccountForm, name: "   " })).toEqual({
      name: messages.nameRequired,
    });
    expect(
      accountFormProblems({
        ...emptyAccountForm,
        name: "x".repeat(INVESTMENT_ACCOUNT_NAME_MAX_LENGTH + 1),
        institution: "y".repeat(INSTITUTION_MAX_LENGTH + 1),
      }),
    ).toEqual({ name: messages.nameTooLong, institution: messages.institutionTooLong });
    expect(
      accountFormProblems({
        ...emptyAccountForm,
        name: "x".repeat(INVESTMENT_ACCOUNT_NAME_MAX_LENGTH),
      }),
    ).toEqual({});
  });

  it("sends trimmed text, an empty institution as none, and isDefault only when asked", () => {
    expect(accountInput({ ...emptyAccountForm, name: " Brokerage ", institution: "  " })).toEqual({
      name: "Brokerage",
      type: "taxable",
      institution: null,
      cashTracked: false,
      costBasisMethod: "fifo",
    });
    expect(
      accountInput({ ...accountFormOf(ira), institution: " Vanguard ", makeDefault: true }),
    ).toEqual({
      name: "Retirement",
      type: "ira",
      institution: "Vanguard",
      cashTracked: true,
      costBasisMethod: "fifo",
      isDefault: true,
    });
  });

  it("opens an edit with the account's values and the default box unticked", () => {
    expect(accountFormOf({ ...ira, institution: "Vanguard", costBasisMethod: "lifo" })).toEqual({
      name: "Retirement",
      type: "ira",
      institution: "Vanguard",
      cashTracked: true,
      costBasisMethod: "lifo",
      makeDefault: false,
    });
  });
});

describe("a refused save", () => {
  it("shows a taken name at the name field", () => {
    expect(accountSaveFailure(refusal(409, messages.nameTaken, null))).toEqual({
      fields: { name: messages.nameTaken },
      message: null,
    });
  });

  it("puts each validation issue at the field it names, the rest above the buttons", () => {
    const error = refusal(400, `${messages.typeInvalid}; Something else`, [
      { path: "type", message: messages.typeInvalid },
      { path: "institution", message: messages.institutionTooLong },
      { path: "", message: "Something else" },
    ]);
    expect(accountSaveFailure(error)).toEqual({
      fields: { type: messages.typeInvalid, institution: messages.institutionTooLong },
      message: "Something else",
    });
  });

  it("shows any other refusal as the server's message, and a fault as the screen's own", () => {
    expect(accountSaveFailure(refusal(400, messages.tooMany, null))).toEqual({
      fields: {},
      message: messages.tooMany,
    });
    expect(accountSaveFailure(refusal(500, "Internal server error", null))).toEqual({
      fields: {},
      message: "The account could not be saved",
    });
  });
});
