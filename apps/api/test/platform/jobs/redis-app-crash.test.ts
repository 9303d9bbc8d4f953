import type { JobsOverview } from "@ledgerline/contracts";
import { createMarketService, fixedClock } from "@ledgerline/market";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { RedisDeployment } from "../../support/redis-deployment";
import { dropKeys, redisForTests, testRedisUrl, uniqueRedisPrefix } from "../../support/services";
import { historyUser } from "../../support/transactions-support";
import { killableWorkers } from "./support/killable-worker";
import { MARKET_TIME } from "./support/market-time";

const available = await redisForTests("the killed app worker suite");
const prefix = uniqueRedisPrefix("app-crash");
/** A dead worker's job goes to another after this long (30 s in production). */
const LOCK_MS = 1_000;
const market = () => createMarketService({ clock: fixedClock(new Date(MARKET_TIME)) });
let deployment: RedisDeployment | undefined;
const workers = killableWorkers();

afterEach(async () => {
  await workers.killAll();
  await deployment?.close();
  deployment = undefined;
});
afterAll(async () => {
  if (available) await dropKeys(prefix);
});

describe.skipIf(!available)("a whole app's worker killed mid-job (kill -9)", () => {
  it("leaves a corporate-action sync to another worker: one income entry, one mail", async () => {
    deployment = new RedisDeployment(prefix, market);
    const api = await deployment.api();
    const admin = await api.createAdmin();
    const me = await historyUser(api);
    // The last KO dividend paid by the market's day, bought the day before its ex-date: one
    // entry is due. The trade is written as an import would, without the trade's own sync.
    const actions = await api.app.deps.market.stocks.getCorporateActions("KO");
    const paid = actions.filter(
      (action) => action.type === "dividend" && (action.payDate ?? action.exDate) <= "2026-03-11",
    );
    const dividend = paid.sort((a, b) => b.exDate.localeCompare(a.exDate))[0]!;
    const eve = new Date(Date.parse(`${dividend.exDate}T15:00:00Z`) - 86_400_000);
    await me.buy("STOCK", "KO", "10", "60", eve.toISOString());

    // The dying worker (support/dying-app-worker.ts) on the API process's database and queues.
    const worker = workers.start("dying-app-worker.ts", [
      api.env.DATABASE_URL,
      testRedisUrl,
      prefix,
      String(LOCK_MS),
    ]);
    await worker.said("ready");
    await api.request("POST", "/api/auth/forgot-password", { body: { email: me.user.email } });
    api.app.deps.jobs.enqueue("corporate-actions", { reason: "hourly" });
    expect(await worker.said("recorded")).toBe("recorded 1");
    // The mail went before the kill, and the income is written: the job is not done yet.
    await expect.poll(() => api.app.deps.repos.mailOutbox.listFor(me.user.email)).toHaveLength(1);
    await worker.kill();

    await deployment.worker(api, { jobsLockMs: LOCK_MS });
    await api.settled();
    // Read from the table: a read through the API would sync the income itself.
    const income = await api.sql<{ ex_date: string; symbol: string }>(
      "SELECT ex_date, symbol FROM income_entries WHERE user_id = ? AND deleted_at IS NULL",
      [me.user.id],
    );
    expect(income).toEqual([{ ex_date: dividend.exDate, symbol: "KO" }]);
    expect(await api.app.deps.repos.mailOutbox.listFor(me.user.email)).toHaveLength(1);
    const jobs = await api.request("GET", "/api/admin/jobs", { token: admin.token });
    const { queues } = jobs.body as unknown as JobsOverview;
    expect(queues.find((queue) => queue.queue === "corporate-actions")).toMatchObject({
      completed: 1,
      failed: 0,
      active: 0,
    });
  }, 60_000);
});
