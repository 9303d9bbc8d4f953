import { describe, expect, it } from "vitest";
import { auditLogQuery, clientLogInput, loginInput, messages, registerInput, userId } from "../src";

describe("account schemas", () => {
  it("trims and lower-cases emails so one address is one account", () => {
    expect(
      registerInput.parse({ email: "  Ada@Example.COM ", name: " Ada ", password: "secret1" }),
    ).toEqual({
      email: "ada@example.com",
      name: "Ada",
      password: "secret1",
    });
  });

  it("uses the spec's message for a short password, and bounds long ones", () => {
    const short = registerInput.safeParse({ email: "a@b.co", name: "A", password: "12345" });
    expect(short.error?.issues[0]?.message).toBe(messages.passwordTooShort);
    const long = registerInput.safeParse({ email: "a@b.co", name: "A", password: "x".repeat(129) });
    expect(long.error?.issues[0]?.message).toBe(messages.passwordTooLong);
  });

  it("accepts the empty name the login form sends", () => {
    expect(loginInput.parse({ email: "a@b.co", password: "x", name: "" }).email).toBe("a@b.co");
  });

  it("reads user ids from path text and refuses anything but a positive whole number", () => {
    expect(userId.parse("42")).toBe(42);
    for (const bad of ["abc", "1.5", "-1", "0", ""])
      expect(userId.safeParse(bad).success).toBe(false);
  });
});

describe("audit log query", () => {
  it("defaults to the newest 10 entries", () => {
    expect(auditLogQuery.parse({})).toEqual({
      sortBy: "timestamp",
      sortOrder: "desc",
      page: 1,
      pageSize: 10,
    });
  });

  it("reads query-string text as booleans and numbers", () => {
    expect(auditLogQuery.parse({ success: "false", page: "2", pageSize: "25" })).toMatchObject({
      success: false,
      page: 2,
      pageSize: 25,
    });
  });

  it("refuses a start after the end", () => {
    const result = auditLogQuery.safeParse({
      startDate: "2026-02-01T00:00:00Z",
      endDate: "2026-01-01T00:00:00Z",
    });
    expect(result.error?.issues[0]?.message).toBe("startDate must not be after endDate");
  });
});

describe("client log records", () => {
  it("bounds the context so a client cannot store megabytes", () => {
    const record = {
      level: "error",
      message: "x",
      timestamp: "2026-01-01T00:00:00Z",
      context: { big: "y".repeat(5000) },
    };
    expect(clientLogInput.safeParse(record).success).toBe(false);
  });
});
