import { describe, expect, it } from "vitest";
import { adminCommandInput } from "../../src/env";

describe("pnpm admin:create's input", () => {
  it("takes the password alone from ADMIN_PASSWORD, as the README says", () => {
    const input = adminCommandInput({
      DATABASE_URL: ":memory:",
      ADMIN_PASSWORD: "correct-horse-9",
    });
    expect(input).toMatchObject({ email: undefined, password: "correct-horse-9" });
    expect(input.env.DATABASE_URL).toBe(":memory:");
  });

  it("still refuses a bad deployment setting, naming it", () => {
    expect(() => adminCommandInput({ PORT: "port" })).toThrow(/PORT/);
  });
});
