// A whole app as a worker process (LEDGERLINE_ROLE=worker) that records a corporate-action
// sync's income, says so, and never ends the job: the test kills it with SIGKILL right there,
// after the write and before BullMQ hears the job is done. Arguments: the database URL, the
// Redis URL, the key prefix, the lock in ms.
import { createMarketService, fixedClock } from "@ledgerline/market";
import { buildApp } from "../../../../src/app";
import { parseEnv } from "../../../../src/env";
import { MARKET_TIME } from "./market-time";

const [databaseUrl, redisUrl, prefix, lockMs] = process.argv.slice(2);
const env = parseEnv({
  NODE_ENV: "test",
  DATABASE_URL: databaseUrl,
  REDIS_URL: redisUrl,
  REDIS_KEY_PREFIX: prefix,
  LEDGERLINE_ROLE: "worker",
  APP_ORIGIN: "https://ledgerline.test",
  MARKET_TIME,
  DEMO_SEED: "false",
  LOG_LEVEL: "silent",
});
const app = await buildApp({
  env,
  logger: false,
  webRoot: false,
  market: createMarketService({ clock: fixedClock(new Date(MARKET_TIME)) }),
  marketRefresher: false,
  alertTicks: false,
  jobsLockMs: Number(lockMs),
});
const corporateActions = app.deps.repos.corporateActions;
const writeReplay = corporateActions.writeReplay.bind(corporateActions);
corporateActions.writeReplay = async (...args) => {
  const outcome = await writeReplay(...args);
  process.stdout.write(`recorded ${outcome?.incomeAdded ?? 0}\n`);
  return new Promise<never>(() => {});
};
// Ready: it takes jobs, as after listen().
await app.ready();
process.stdout.write("ready\n");
