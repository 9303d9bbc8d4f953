import { m } from "@ledgerline/messages";
import type { RelatedCompany } from "@ledgerline/contracts";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { PercentChange } from "../../../../components/assets/Change";
import { Button } from "../../../../components/ui/Button";
import { Spinner } from "../../../../components/ui/Spinner";
import { formatCurrency } from "../../../../lib/format";
import { trpc } from "../../../../lib/trpc";
import { Panel } from "../../../../components/ui/Panel";

const SHOWN_BY_DEFAULT = 3;

function Entry({ company }: { company: RelatedCompany }) {
  return (
    <Link
      to="/research/$symbol"
      params={{ symbol: company.ticker }}
      className="flex items-center justify-between gap-3 rounded-lg border border-border px-3 py-2 hover:border-primary"
    >
      <span className="min-w-0">
        <span className="block font-semibold">{company.ticker}</span>
        <span className="block truncate text-xs text-muted">
          {company.name || m.asset_not_available()}
        </span>
      </span>
      <span className="shrink-0 text-right">
        <span className="num block font-semibold">{formatCurrency(company.price)}</span>
        <PercentChange percent={company.changePercent} />
      </span>
    </Link>
  );
}

/**
 * Companies in the same industry with price and change versus the previous close, never the
 * company itself (its figures are the page's); 3 entries show until Show All.
 */
export function RelatedCompanies({ symbol }: { symbol: string }) {
  const related = useQuery(trpc.market.related.queryOptions({ symbol }));
  const [showAll, setShowAll] = useState(false);
  const peers = (related.data ?? []).filter((company) => company.ticker !== symbol);
  const visible = showAll ? peers : peers.slice(0, SHOWN_BY_DEFAULT);
  return (
    <Panel titleId="related-heading" title={m.research_related()} titleClassName="mb-3">
      {related.isPending ? (
        <div className="flex justify-center py-6 text-primary">
          <Spinner size="sm" label={m.research_loading_related()} />
        </div>
      ) : peers.length === 0 ? (
        <p className="text-sm text-muted">{m.research_no_related({ symbol })}</p>
      ) : (
        <>
          <ul className="space-y-2">
            {visible.map((company) => (
              <li key={company.ticker}>
                <Entry company={company} />
              </li>
            ))}
          </ul>
          {peers.length > SHOWN_BY_DEFAULT && (
            <Button
              size="sm"
              variant="ghost"
              className="mt-2"
              aria-expanded={showAll}
              onClick={() => setShowAll(!showAll)}
            >
              {showAll ? m.asset_show_less() : m.asset_show_all()}
            </Button>
          )}
        </>
      )}
    </Panel>
  );
}
