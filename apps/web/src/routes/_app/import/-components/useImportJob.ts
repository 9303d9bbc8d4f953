import type { ImportJobView } from "@ledgerline/contracts";
import { m } from "@ledgerline/messages";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { errorMessage, httpStatusOf } from "../../../../lib/errors";
import { trpc } from "../../../../lib/trpc";

/** How often the job is asked for while it runs, should the live stream not deliver. */
const POLL_MS = 3_000;

export const jobRunning = (job: ImportJobView | null | undefined) =>
  job?.status === "queued" || job?.status === "checking" || job?.status === "writing";

/**
 * The user's import job: the running or last one when the page opens (so a person who left
 * finds it again), followed over the live stream while it runs, with a slow poll as the
 * fallback; once it ends, every cached read is refreshed (the history, the positions).
 */
export function useImportJob() {
  const queryClient = useQueryClient();
  // Read again each time the page opens: the job moves on while the person is away, and a
  // cached "no job" from before the import (the default 30 s of freshness) would hide it, its
  // progress and its summary from someone who left and came back through the menu.
  const latest = useQuery(trpc.import.latest.queryOptions(undefined, { staleTime: 0 }));
  // null: the page shows no job (a new file is being previewed); undefined: the latest one.
  const [followed, setFollowed] = useState<number | null | undefined>(undefined);
  const id = followed === undefined ? latest.data?.id : followed;
  const statusKey = trpc.import.status.queryKey({ id: id ?? 0 });
  const status = useQuery(
    trpc.import.status.queryOptions(
      { id: id ?? 0 },
      {
        enabled: id != null,
        refetchInterval: (query) => (jobRunning(query.state.data) ? POLL_MS : false),
      },
    ),
  );
  const job = id == null ? null : (status.data ?? (latest.data?.id === id ? latest.data : null));
  const running = jobRunning(job);

  useEffect(() => {
    if (id == null || !running) return;
    let stopped = false;
    let unsubscribe = () => {};
    void import("../../../../lib/live-client").then(({ liveClient }) => {
      if (stopped) return;
      const subscription = liveClient.import.progress.subscribe(
        { id },
        { onData: (view) => queryClient.setQueryData(statusKey, view) },
      );
      unsubscribe = () => subscription.unsubscribe();
    });
    return () => {
      stopped = true;
      unsubscribe();
    };
    // The key is the id's: one subscription per running job.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, running, queryClient]);

  // The end of a job seen running changes what every page shows (the history, the positions).
  const seenRunning = useRef<number | null>(null);
  useEffect(() => {
    if (!job) return;
    if (running) seenRunning.current = job.id;
    else if (seenRunning.current === job.id) {
      seenRunning.current = null;
      if (job.status === "done") {
        void queryClient.invalidateQueries({
          predicate: (query) => !JSON.stringify(query.queryKey).includes('"import"'),
        });
      }
    }
  }, [job, running, queryClient]);

  const starting = useMutation(trpc.import.start.mutationOptions());
  const cancelling = useMutation(trpc.import.cancel.mutationOptions());
  function start(input: Parameters<typeof starting.mutate>[0]) {
    starting.mutate(input, {
      onSuccess: (started) => {
        queryClient.setQueryData(trpc.import.status.queryKey({ id: started.id }), started);
        // The latest job is this one now, also for the page opened again before its re-read answers.
        queryClient.setQueryData(trpc.import.latest.queryKey(), started);
        setFollowed(started.id);
      },
    });
  }
  function cancel() {
    if (id == null) return;
    cancelling.mutate(
      { id },
      { onSuccess: (answer) => queryClient.setQueryData(statusKey, answer) },
    );
  }
  return {
    job,
    running,
    start,
    starting,
    /** Why the last start was refused; a 409: another import of the user's still runs. */
    startError: starting.error
      ? httpStatusOf(starting.error) === 409
        ? m.import_already_running()
        : errorMessage(starting.error, m.import_failed())
      : null,
    cancel,
    cancelling,
    /** Shows no job until another is started (a new file is being previewed). */
    hide: () => setFollowed(null),
  };
}

export type ImportJobState = ReturnType<typeof useImportJob>;
