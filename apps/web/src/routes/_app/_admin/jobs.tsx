import { m } from "@ledgerline/messages";
import { JOB_QUEUES } from "@ledgerline/contracts/browser";
import type { QueueName } from "@ledgerline/contracts";
import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { useState } from "react";
import { PageSkeleton, RouteErrorPanel, Skeleton } from "../../../components/RouteStates";
import { Card } from "../../../components/ui/Card";
import { ListedTable } from "../../../components/ui/ListedTable";
import { PageHeader } from "../../../components/ui/PageHeader";
import { SelectField } from "../../../components/ui/SelectField";
import { titled } from "../../../lib/head";
import { trpc } from "../../../lib/trpc";
import { FailedJobs, JOBS_REFRESH_MS } from "./-components/FailedJobs";
import { queueColumns, queueLabels } from "./-components/job-columns";

const overviewQuery = () => ({
  ...trpc.jobs.list.queryOptions(),
  refetchInterval: JOBS_REFRESH_MS,
});

export const Route = createFileRoute("/_app/_admin/jobs")({
  staticData: { nonAdminTo: "/access-denied" },
  head: titled(m.admin_jobs_title()),
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(overviewQuery()),
  pendingComponent: () => (
    <PageSkeleton title={m.admin_jobs_title()} subtitle={m.admin_jobs_subtitle()}>
      <Skeleton className="h-64" />
    </PageSkeleton>
  ),
  errorComponent: () => (
    <RouteErrorPanel title={m.admin_jobs_title()} message={m.admin_jobs_load_failed()} />
  ),
  component: JobsPage,
});

const queueOptions = JOB_QUEUES.map((queue) => ({ value: queue, label: queueLabels[queue]() }));

function JobsPage() {
  const overview = useSuspenseQuery(overviewQuery());
  const firstFailing = overview.data.queues.find((queue) => queue.failed > 0)?.queue;
  const [chosen, setChosen] = useState<QueueName | undefined>(undefined);
  const queue = chosen ?? firstFailing ?? JOB_QUEUES[0];
  return (
    <div className="space-y-6">
      <PageHeader
        title={m.admin_jobs_title()}
        subtitle={overview.data.mode === "redis" ? m.admin_jobs_on_redis() : m.admin_jobs_own()}
      />
      <ListedTable
        rows={overview.data.queues}
        columns={queueColumns}
        caption={m.admin_jobs_caption()}
        empty={m.admin_no_queues()}
        cardsBelow="40rem"
      />
      <Card className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 className="text-lg font-semibold">{m.admin_failed_jobs()}</h2>
          <SelectField
            label={m.admin_queue()}
            value={queue}
            options={queueOptions}
            onChange={setChosen}
          />
        </div>
        <FailedJobs queue={queue} />
      </Card>
    </div>
  );
}
