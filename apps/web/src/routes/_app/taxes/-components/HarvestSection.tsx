import type { HarvestReport, InvestmentAccount } from "@ledgerline/contracts";
import { m } from "@ledgerline/messages";
import { useInfiniteQuery } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { useMemo } from "react";
import { accountNames } from "../../../../components/accounts/accounts";
import { RetryPanel, Skeleton } from "../../../../components/RouteStates";
import { Button } from "../../../../components/ui/Button";
import { ListedTable } from "../../../../components/ui/ListedTable";
import { formatCurrency, formatNumber } from "../../../../lib/format";
import { trpc } from "../../../../lib/trpc";
import { lotColumns } from "./lot-columns";

type Candidate = HarvestReport["lots"][number];
const column = createColumnHelper<Candidate>();

function harvestColumns(names: ReadonlyMap<number, string> | undefined) {
  const shared = lotColumns<Candidate>((lot) => lot.remaining, names);
  return [
    ...shared.leading,
    shared.costBasis,
    column.accessor("loss", {
      header: m.taxes_unrealized_loss(),
      cell: (info) => (
        <span className="num font-semibold text-loss">{formatCurrency(info.getValue())}</span>
      ),
      meta: { numeric: true },
    }),
    shared.term,
    column.accessor("washSaleWarning", {
      header: m.taxes_wash_warning(),
      cell: (info) => {
        const warning = info.getValue();
        return warning ? (
          <span className="block min-w-48 text-warn">{warning}</span>
        ) : (
          <span className="text-muted">{m.taxes_none()}</span>
        );
      },
    }),
  ];
}

/**
 * Open lots at a loss today that could be sold to offset gains, largest loss first, a page at a
 * time (a heavy trader has thousands at a loss: decision 0046).
 */
export function HarvestSection({ accounts }: { accounts: readonly InvestmentAccount[] }) {
  const harvest = useInfiniteQuery(
    trpc.tax.harvest.infiniteQueryOptions({}, { getNextPageParam: (page) => page.nextCursor }),
  );
  return (
    <section aria-labelledby="tax-harvest" className="space-y-3">
      <h2 id="tax-harvest" className="text-xl font-semibold">
        {m.taxes_harvest_heading()}
      </h2>
      <p className="text-sm text-muted">{m.taxes_harvest_intro()}</p>
      {harvest.isPending ? (
        <Skeleton className="h-32" />
      ) : harvest.isError ? (
        <RetryPanel message={m.taxes_harvest_failed()} onRetry={() => void harvest.refetch()} />
      ) : (
        <HarvestPages
          pages={harvest.data.pages}
          accounts={accounts}
          more={
            harvest.hasNextPage
              ? { loading: harvest.isFetchingNextPage, load: () => void harvest.fetchNextPage() }
              : undefined
          }
        />
      )}
    </section>
  );
}

/** The pages read so far as one table, and a control that reads the next one. */
export function HarvestPages({
  pages,
  accounts,
  more,
}: {
  pages: readonly HarvestReport[];
  accounts: readonly InvestmentAccount[];
  more: { loading: boolean; load: () => void } | undefined;
}) {
  const lots = useMemo(() => pages.flatMap((page) => page.lots), [pages]);
  const latest = pages.at(-1);
  return (
    <>
      <HarvestTable lots={lots} accounts={accounts} />
      {latest && latest.count > 0 && (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-muted" data-testid="harvest-count">
            {m.taxes_harvest_count({
              shown: formatNumber(lots.length),
              count: formatNumber(latest.count),
              loss: formatCurrency(latest.totalLoss),
            })}
          </p>
          {more && (
            <Button size="sm" variant="secondary" disabled={more.loading} onClick={more.load}>
              {more.loading ? m.taxes_loading() : m.taxes_show_more()}
            </Button>
          )}
        </div>
      )}
    </>
  );
}

function HarvestTable({
  lots,
  accounts,
}: {
  lots: Candidate[];
  accounts: readonly InvestmentAccount[];
}) {
  const columns = useMemo(
    () => harvestColumns(accounts.length > 1 ? accountNames(accounts) : undefined),
    [accounts],
  );
  return (
    <ListedTable
      rows={lots}
      columns={columns}
      caption={m.taxes_harvest_caption()}
      empty={m.taxes_harvest_empty()}
      cardsBelow="64rem"
    />
  );
}
