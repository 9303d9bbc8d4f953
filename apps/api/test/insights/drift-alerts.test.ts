import type { DriftAlert, Notification } from "@ledgerline/contracts";
import { checkDriftAlerts } from "@ledgerline/api/insights/drift-alerts";
import { describe, expect, it } from "vitest";
import { stocksAndFundApp } from "../support/insights-support";
import { appPerTest } from "../support/app-per-test";

const apps = appPerTest();

/** 60% stocks, 40% ETFs (stocksAndFundApp): targets of 50/50 put both 10 points off. */
async function setUp() {
  const app = await apps.open(stocksAndFundApp());
  const setTargets = async (equity: string, etf: string) => {
    const targets = [
      { key: "equity", weight: equity },
      { key: "etf", weight: etf },
    ];
    expect(
      (await app.rest("PUT", "/portfolio/targets", { by: "assetClass", targets })).status,
    ).toBe(200);
  };
  const setAlert = (body: Record<string, unknown>, by = "assetClass") =>
    app.rest("PUT", `/drift-alerts/${by}`, body);
  const alerts = async () =>
    (await app.rest("GET", "/drift-alerts")).body as unknown as DriftAlert[];
  const bell = async () =>
    ((await app.rest("GET", "/notifications")).body as unknown as Notification[]).filter(
      (notification) => notification.kind === "drift",
    );
  const mails = () =>
    app.t.sql<{ body_text: string }>(
      "SELECT body_text FROM mail_outbox WHERE to_address = ? AND subject = ?",
      [app.user.email, "Ledgerline drift alert"],
    );
  const check = () => checkDriftAlerts(app.t.app.deps);
  return { ...app, setTargets, setAlert, alerts, bell, mails, check };
}

const MESSAGE =
  "Your asset-class mix has drifted: Stocks is at 60.00% against its 50.00% target, 10 points over, beyond your alert at 5 points";

describe("a drift alert", () => {
  it("set on a mix already past it fires at once, to the bell and one mail, and only once", async () => {
    const { setTargets, setAlert, alerts, bell, mails, check, call } = await setUp();
    await setTargets("0.5", "0.5");
    const set = await setAlert({ points: "5" });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toMatchObject({
      by: "assetClass",
      points: "5",
      repeat: "once",
      state: "triggered",
      triggeredDrift: "10",
    });
    expect((await bell()).map((notification) => notification.message)).toEqual([MESSAGE]);
    expect(await mails()).toHaveLength(1);
    expect((await mails())[0]!.body_text).toContain(MESSAGE);
    // The next refreshes see the same drift: the alert has fired and stays quiet.
    await check();
    await check();
    expect(await bell()).toHaveLength(1);
    expect((await call("query", "driftAlerts.list")).data).toEqual(await alerts());
  });

  it("re-arms once every weight is back within its points, then fires again", async () => {
    const { setTargets, setAlert, alerts, bell, mails, check } = await setUp();
    await setTargets("0.5", "0.5");
    await setAlert({ points: "5", repeat: "rearm" });
    await setTargets("0.6", "0.4");
    await check();
    expect(await alerts()).toMatchObject([{ state: "armed", repeat: "rearm" }]);
    expect(await bell()).toHaveLength(1);
    // 3 points off: within the 5, so it stays armed.
    await setTargets("0.57", "0.43");
    await check();
    expect(await alerts()).toMatchObject([{ state: "armed" }]);
    await setTargets("0.5", "0.5");
    await check();
    expect(await alerts()).toMatchObject([{ state: "triggered", triggeredDrift: "10" }]);
    expect(await bell()).toHaveLength(2);
    // Within the hour the second firing is in the bell but sends no second mail.
    expect(await mails()).toHaveLength(1);
  });

  it("stays armed within its points, and is set through tRPC by the same procedure", async () => {
    const { setTargets, call, alerts, bell, check } = await setUp();
    await setTargets("0.5", "0.5");
    const set = await call("mutation", "driftAlerts.set", { by: "assetClass", points: 10 });
    expect(set.status, set.message).toBe(200);
    expect(set.data).toEqual({ by: "assetClass", points: "10", repeat: "once", state: "armed" });
    await check();
    expect(await alerts()).toEqual([set.data]);
    expect(await bell()).toEqual([]);
  });

  it("refuses a mix with no targets and points out of bounds, and is the user's alone", async () => {
    const { setTargets, setAlert, alerts, rest, t: app } = await setUp();
    const noTargets = await setAlert({ points: "5" });
    expect(noTargets.status).toBe(400);
    expect(JSON.stringify(noTargets.body)).toContain("Set target weights first.");
    await setTargets("0.6", "0.4");
    for (const [body, message] of [
      [{ points: "0" }, "Points must be greater than 0"],
      [{ points: "-1" }, "Points must be greater than 0"],
      [{ points: "100.5" }, "A drift alert's points must be at most 100"],
      [{ points: "1.234" }, "Points"],
      [{ points: "5", repeat: "twice" }, "repeat"],
      [{}, "Points"],
    ] as const) {
      const refused = await setAlert(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(refused.body)).toContain(message);
    }
    expect((await setAlert({ points: "5" }, "stocks")).status).toBe(400);
    expect(await alerts()).toEqual([]);
    expect((await setAlert({ points: "5" })).status).toBe(200);

    const other = await app.registerUser();
    const theirs = await app.request("GET", "/api/drift-alerts", { token: other.token });
    expect(theirs.body).toEqual([]);
    const deleteTheirs = await app.request("DELETE", "/api/drift-alerts/assetClass", {
      token: other.token,
    });
    expect(deleteTheirs.status).toBe(404);
    expect((await app.request("GET", "/api/drift-alerts")).status).toBe(401);
    expect((await rest("DELETE", "/drift-alerts/assetClass")).body).toEqual({
      message: "Drift alert deleted",
    });
    expect(await alerts()).toEqual([]);
    expect((await rest("DELETE", "/drift-alerts/assetClass")).status).toBe(404);
  });
});
