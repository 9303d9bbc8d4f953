import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createRepositories } from "../src";
import { openTestDatabase } from "../src/testing";

let handle: Awaited<ReturnType<typeof openTestDatabase>>;
beforeEach(async () => {
  handle = await openTestDatabase();
});
afterEach(() => handle.close());

describe("database settings", () => {
  it("runs in WAL mode with foreign keys enforced", () => {
    expect(handle.sqlite.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(handle.sqlite.pragma("foreign_keys", { simple: true })).toBe(1);
  });

  it("declares every table STRICT", () => {
    const tables = handle.sqlite
      .prepare(
        "SELECT name, strict FROM pragma_table_list WHERE schema = 'main' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%'",
      )
      .all() as { name: string; strict: number }[];
    expect(tables.length).toBeGreaterThanOrEqual(6);
    expect(tables.filter((table) => table.strict !== 1)).toEqual([]);
  });

  it("rejects a value of the wrong type instead of storing it", () => {
    expect(() =>
      handle.sqlite
        .prepare(
          "INSERT INTO users (email, name, password_hash, created_at) VALUES ('a@b.c', 'A', 'h', 'yesterday')",
        )
        .run(),
    ).toThrow(/cannot store TEXT value in INTEGER column/);
  });
});

describe("users and sessions", () => {
  it("refuses a second account with the same email", async () => {
    const repos = createRepositories(handle);
    const now = new Date();
    expect(
      await repos.users.create({ email: "a@example.com", name: "A", passwordHash: "h" }, now),
    ).toBeDefined();
    expect(
      await repos.users.create({ email: "a@example.com", name: "B", passwordHash: "h" }, now),
    ).toBeUndefined();
  });

  it("moves the last login to previous on each login", async () => {
    const repos = createRepositories(handle);
    const user = (await repos.users.create(
      { email: "a@example.com", name: "A", passwordHash: "h" },
      new Date(0),
    ))!;
    await repos.users.recordLogin(user.id, new Date(1000));
    const second = await repos.users.recordLogin(user.id, new Date(2000));
    expect(second?.lastLoginAt).toEqual(new Date(2000));
    expect(second?.previousLoginAt).toEqual(new Date(1000));
    expect(second?.numberOfLogins).toBe(2);
  });

  it("deletes a user's sessions and reset tokens with the user", async () => {
    const repos = createRepositories(handle);
    const now = new Date();
    const user = (await repos.users.create(
      { email: "a@example.com", name: "A", passwordHash: "h" },
      now,
    ))!;
    await repos.sessions.create({
      tokenHash: "s",
      userId: user.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 60_000),
      ipAddress: null,
      userAgent: null,
    });
    await repos.passwordResetTokens.create({
      tokenHash: "t",
      userId: user.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 60_000),
    });
    await repos.users.delete(user.id);
    expect(handle.sqlite.prepare("SELECT count(*) AS n FROM sessions").get()).toEqual({ n: 0 });
    expect(handle.sqlite.prepare("SELECT count(*) AS n FROM password_reset_tokens").get()).toEqual({
      n: 0,
    });
  });

  it("treats a session idle past the timeout as gone", async () => {
    const repos = createRepositories(handle);
    const start = new Date(0);
    const user = (await repos.users.create(
      { email: "a@example.com", name: "A", passwordHash: "h" },
      start,
    ))!;
    await repos.sessions.create({
      tokenHash: "s",
      userId: user.id,
      createdAt: start,
      expiresAt: new Date(10 * 60 * 60_000),
      ipAddress: null,
      userAgent: null,
    });
    expect(await repos.sessions.findActive("s", new Date(14 * 60_000), 15 * 60_000)).toBeDefined();
    expect(
      await repos.sessions.findActive("s", new Date(15 * 60_000), 15 * 60_000),
    ).toBeUndefined();
  });
});

describe("password reset tokens", () => {
  it("can be used once, only with the matching email, and spends the user's other tokens", async () => {
    const repos = createRepositories(handle);
    const now = new Date(1_000_000);
    const later = new Date(now.getTime() + 60_000);
    const user = (await repos.users.create(
      { email: "a@example.com", name: "A", passwordHash: "h" },
      now,
    ))!;
    await repos.passwordResetTokens.create({
      tokenHash: "one",
      userId: user.id,
      createdAt: now,
      expiresAt: later,
    });
    await repos.passwordResetTokens.create({
      tokenHash: "two",
      userId: user.id,
      createdAt: now,
      expiresAt: later,
    });

    expect(await repos.passwordResetTokens.consume("one", "b@example.com", now)).toBeUndefined();
    expect((await repos.passwordResetTokens.consume("one", "a@example.com", now))?.id).toBe(
      user.id,
    );
    expect(await repos.passwordResetTokens.consume("one", "a@example.com", now)).toBeUndefined();
    expect(await repos.passwordResetTokens.consume("two", "a@example.com", now)).toBeUndefined();
  });

  it("expires", async () => {
    const repos = createRepositories(handle);
    const now = new Date(1_000_000);
    const user = (await repos.users.create(
      { email: "a@example.com", name: "A", passwordHash: "h" },
      now,
    ))!;
    await repos.passwordResetTokens.create({
      tokenHash: "one",
      userId: user.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 1000),
    });
    expect(
      await repos.passwordResetTokens.consume(
        "one",
        "a@example.com",
        new Date(now.getTime() + 1000),
      ),
    ).toBeUndefined();
  });
});

describe("audit log pages", () => {
  it("filters by email fragment and outcome and pages newest first", async () => {
    const repos = createRepositories(handle);
    for (let i = 0; i < 25; i++) {
      await repos.auditLogs.insert({
        timestamp: new Date(i * 1000),
        userId: null,
        email: i % 2 ? "odd@example.com" : "even@example.com",
        event: "LOGIN",
        success: i % 3 !== 0,
        ipAddress: null,
        failureReason: null,
      });
    }
    const page = await repos.auditLogs.page({
      email: "ODD",
      success: true,
      sortBy: "timestamp",
      sortOrder: "desc",
      page: 1,
      pageSize: 5,
    });
    expect(page.totalCount).toBe(8);
    expect(page.rows.map((row) => row.timestamp.getTime())).toEqual([
      23000, 19000, 17000, 13000, 11000,
    ]);
  });

  it("treats LIKE wildcards in the email filter as plain characters", async () => {
    const repos = createRepositories(handle);
    await repos.auditLogs.insert({
      timestamp: new Date(0),
      userId: null,
      email: "a@example.com",
      event: "LOGIN",
      success: true,
      ipAddress: null,
      failureReason: null,
    });
    const page = await repos.auditLogs.page({
      email: "%",
      sortBy: "timestamp",
      sortOrder: "desc",
      page: 1,
      pageSize: 5,
    });
    expect(page.totalCount).toBe(0);
  });
});
