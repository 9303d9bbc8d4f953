-- One running import per user from here: of a user's running jobs (two workers could take
-- them before), all but the oldest end failed, so the index below can be built.
UPDATE import_jobs SET status = 'failed', input = NULL, finished_at = created_at,
  error = 'Stopped: another import of yours was running at the same time; import the file again'
WHERE status IN ('queued', 'checking', 'writing') AND id > (
  SELECT min(other.id) FROM import_jobs other
  WHERE other.user_id = import_jobs.user_id AND other.status IN ('queued', 'checking', 'writing')
);--> statement-breakpoint
CREATE UNIQUE INDEX "import_jobs_user_running_idx" ON "import_jobs" USING btree ("user_id") WHERE "import_jobs"."status" IN ('queued', 'checking', 'writing');