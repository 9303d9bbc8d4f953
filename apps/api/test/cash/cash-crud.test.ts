import { cashMessages as messages, type CashActivity } from "@ledgerline/contracts";
import { afterEach, describe, expect, it } from "vitest";
import { signIn } from "../support/portfolio-support";
import type { TestApp } from "../support/test-app";
import { cashApp } from "./cash-support";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const setUp = () => cashApp((app) => (t = app));

describe("cash activities through REST /api/cash", () => {
  it("records, lists newest first by account and dates, changes and deletes", async () => {
    const { rest, main, createAccount, cash, balanceOf } = await setUp();
    const ira = await createAccount({ name: "IRA", type: "ira" });

    const deposit = await rest("POST", "/cash", {
      accountId: main.id,
      type: "deposit",
      amount: "1000.10",
      date: "2026-02-01",
      notes: "  paycheck ",
    });
    expect(deposit.status).toBe(200);
    expect(deposit.body).toEqual({
      id: expect.any(Number) as number,
      accountId: main.id,
      type: "deposit",
      amount: "1000.1",
      date: "2026-02-01",
      notes: "paycheck",
      transferId: null,
    });
    // No account named: the default account.
    const interest = await rest("POST", "/cash", {
      type: "interest",
      amount: 0.42,
      date: "2026-02-27",
    });
    expect(interest.body).toMatchObject({ accountId: main.id, amount: "0.42", notes: null });
    const fee = await rest("POST", "/cash", {
      accountId: ira.id,
      type: "fee",
      amount: "25",
      date: "2026-02-15",
    });
    expect(fee.status).toBe(200);

    expect((await cash()).map((row) => [row.type, row.date])).toEqual([
      ["interest", "2026-02-27"],
      ["fee", "2026-02-15"],
      ["deposit", "2026-02-01"],
    ]);
    expect((await cash(`?accountId=${main.id}`)).map((row) => row.type)).toEqual([
      "interest",
      "deposit",
    ]);
    expect((await cash("?from=2026-02-02&to=2026-02-27")).map((row) => row.type)).toEqual([
      "interest",
      "fee",
    ]);
    expect((await cash("?accountId=&from=&to=2026-02-01")).map((row) => row.type)).toEqual([
      "deposit",
    ]);
    // Cash activities count whether or not the account tracks its trades' cash.
    expect(await balanceOf(main.id)).toBe("1000.52");
    expect(await balanceOf(ira.id)).toBe("-25");

    const id = (deposit.body as unknown as CashActivity).id;
    const changed = await rest("PUT", `/cash/${id}`, {
      accountId: ira.id,
      type: "withdrawal",
      amount: "100",
      date: "2026-02-02",
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id, accountId: ira.id, type: "withdrawal", notes: null });
    expect(await balanceOf(main.id)).toBe("0.42");
    expect(await balanceOf(ira.id)).toBe("-125");

    const deleted = await rest("DELETE", `/cash/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ ok: true, deleted: 1 });
    expect((await rest("DELETE", `/cash/${id}`)).status).toBe(404);
    expect(await balanceOf(ira.id)).toBe("-25");
  });

  it("refuses bad input with a 400 that says what is wrong and writes nothing", async () => {
    const { rest, cash } = await setUp();
    const refusals: [Record<string, unknown>, string][] = [
      [{ type: "bonus", amount: "1", date: "2026-02-01" }, messages.typeInvalid],
      [{ type: "deposit", amount: "0", date: "2026-02-01" }, "Amount must be greater than 0"],
      [{ type: "deposit", amount: "-5", date: "2026-02-01" }, "Amount must be greater than 0"],
      [{ type: "deposit", amount: "1.123456789", date: "2026-02-01" }, "Amount"],
      [{ type: "deposit", amount: "1e13", date: "2026-02-01" }, "Amount"],
      [{ type: "deposit", amount: "2000000000000", date: "2026-02-01" }, "1,000,000,000,000"],
      [{ type: "deposit", amount: "1", date: "1969-12-31" }, "The date must be between"],
      [{ type: "deposit", amount: "1", date: "2026-02-30" }, ""],
      [{ type: "deposit", amount: "1", date: "2026-04-01" }, "The date cannot be in the future"],
      [{ type: "deposit", amount: "1", date: "2026-02-01", notes: "x".repeat(501) }, "Notes"],
    ];
    for (const [body, message] of refusals) {
      const answer = await rest("POST", "/cash", body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(answer.body)).toContain(message);
    }
    const backwards = await rest("GET", "/cash?from=2026-02-02&to=2026-02-01");
    expect(backwards.status).toBe(400);
    expect(JSON.stringify(backwards.body)).toContain(messages.fromAfterTo);
    expect((await rest("GET", "/cash?from=1900-01-01")).status).toBe(400);
    expect(await cash()).toEqual([]);
  });

  it("answers 404 for another user's account or row and changes nothing of theirs", async () => {
    const { rest, cash } = await setUp();
    const other = await signIn(t!);
    const theirs = (
      await t!.request("POST", "/api/cash", {
        token: other.token,
        body: { type: "deposit", amount: "50", date: "2026-02-01" },
      })
    ).body as unknown as CashActivity;
    const body = { type: "withdrawal", amount: "50", date: "2026-02-01" };
    expect((await rest("PUT", `/cash/${theirs.id}`, body)).status).toBe(404);
    expect((await rest("DELETE", `/cash/${theirs.id}`)).status).toBe(404);
    expect((await rest("POST", "/cash", { ...body, accountId: theirs.accountId })).status).toBe(
      404,
    );
    expect((await rest("GET", `/cash?accountId=${theirs.accountId}`)).status).toBe(404);
    expect(await cash()).toEqual([]);
    const listed = await t!.request("GET", "/api/cash", { token: other.token });
    expect(listed.body).toEqual([theirs]);
  });
});

describe("cash activities through tRPC cash.*", () => {
  it("creates, lists, updates and deletes through the same procedures", async () => {
    const { call, main } = await setUp();
    const created = await call<CashActivity>("mutation", "cash.create", {
      type: "tax",
      amount: "12.5",
      date: "2026-02-20",
      notes: "NRA withholding",
    });
    expect(created.status).toBe(200);
    expect(created.data).toMatchObject({ type: "tax", amount: "12.5", accountId: main.id });
    const listed = await call<CashActivity[]>("query", "cash.list", { accountId: main.id });
    expect(listed.data).toEqual([created.data]);
    const updated = await call<CashActivity>("mutation", "cash.update", {
      id: created.data.id,
      type: "tax",
      amount: "13",
      date: "2026-02-20",
    });
    expect(updated.data).toMatchObject({ amount: "13", notes: null });
    const bad = await call("mutation", "cash.create", {
      type: "deposit",
      amount: "0",
      date: "2026-02-01",
    });
    expect(bad.status).toBe(400);
    const deleted = await call("mutation", "cash.delete", { id: created.data.id });
    expect(deleted.status).toBe(200);
    const missing = await call("mutation", "cash.delete", { id: created.data.id });
    expect(missing.status).toBe(404);
    expect(missing.message).toBe(messages.notFound);
  });
});
