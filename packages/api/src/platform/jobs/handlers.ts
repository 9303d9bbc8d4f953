import { applyCorporateActionsForEveryone } from "../../accounting/corporate-actions";
import { recomputeSnapshots } from "../../accounting/portfolio-snapshots";
import { resumeUnfinishedImports, runImportJob } from "../../import/import-jobs";
import { checkDriftAlerts } from "../../insights/drift-alerts";
import type { AppDeps } from "../scope";

/** Each queue's one handler; the same in-process and on a BullMQ worker. */
export function handleJobs(deps: AppDeps): void {
  deps.jobs.handle("snapshots", ({ userId }) => recomputeSnapshots(deps, userId));
  deps.jobs.handle("corporate-actions", () => applyCorporateActionsForEveryone(deps));
  deps.jobs.handle("alerts", ({ check }) =>
    check === "drift" ? checkDriftAlerts(deps) : deps.alertEvaluator.evaluateAll(check),
  );
  deps.jobs.handle("mail", (mail) => deps.mailer.send(mail));
  deps.jobs.handle("import", ({ importId }, attempt) => runImportJob(deps, importId, attempt));
}

/**
 * Queues again, in a process that works jobs, what a stopped process left unfinished and no
 * queue outside it kept: the imports (what is stale of the rest is rebuilt on its next read).
 * How many were queued.
 */
export function resumeLostJobs(deps: AppDeps): Promise<number> {
  return resumeUnfinishedImports(deps);
}
