// A worker process that takes one mail job and never finishes it: the test kills it with
// SIGKILL mid-job. Arguments: the Redis URL, the key prefix, the lock in ms.
import { createBackgroundWork } from "@ledgerline/api/platform/background-work";
import { createJobs } from "@ledgerline/api/platform/jobs/index";
import { quietLogger } from "./levels-logger";

const [redisUrl, redisKeyPrefix, lockMs] = process.argv.slice(2);
const jobs = await createJobs({
  redisUrl,
  redisKeyPrefix: redisKeyPrefix!,
  background: createBackgroundWork(),
  logger: quietLogger,
  lockMs: Number(lockMs),
});
jobs.handle("mail", (mail) => {
  process.stdout.write(`started ${mail.subject}\n`);
  return new Promise<void>(() => {});
});
jobs.startWorking();
