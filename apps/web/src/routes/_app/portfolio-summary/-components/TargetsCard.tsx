import type { TargetDimension } from "@ledgerline/contracts";
import { m } from "@ledgerline/messages";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { QueryCardBody } from "../../../../components/CardBody";
import { Card } from "../../../../components/ui/Card";
import { SelectField } from "../../../../components/ui/SelectField";
import { trpc } from "../../../../lib/trpc";
import { RebalancePanel } from "./RebalancePanel";
import { TargetsEditor } from "./TargetsEditor";
import { keyChoices, targetDimensionOptions } from "./target-options";

/**
 * Where the portfolio should be (issue 33): a target mix by asset class, sector or holding, and
 * the trades that bring the holdings back to it.
 */
export default function TargetsCard({ accountId }: { accountId: number | undefined }) {
  const [by, setBy] = useState<TargetDimension>("assetClass");
  const targets = useQuery(trpc.targets.get.queryOptions({ by }));
  // By holding, the choices are what is held (and what was targeted before).
  const held = useQuery({
    ...trpc.insights.allocation.queryOptions({ by: "symbol" }),
    enabled: by === "symbol",
  });
  return (
    <Card>
      <section aria-labelledby="targets-heading">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="targets-heading" className="text-lg font-semibold">
            {m.summary_target_mix()}
          </h2>
          <SelectField
            label={m.summary_set_targets_by()}
            value={by}
            options={targetDimensionOptions}
            onChange={setBy}
          />
        </div>
        <QueryCardBody query={targets} failure={m.summary_targets_failed()} skeleton="mt-4 h-24">
          {(answer) => (
            <>
              <TargetsEditor
                key={`${by}:${JSON.stringify(answer.targets)}:${held.data ? "held" : ""}`}
                by={by}
                saved={answer.targets}
                choices={keyChoices(
                  by,
                  (held.data?.slices ?? []).filter((slice) => slice.key !== "cash"),
                  answer.targets,
                )}
              />
              {answer.targets.length > 0 && (
                <>
                  <RebalancePanel by={by} accountId={accountId} />
                  <p className="mt-3 text-sm">
                    <Link to="/alerts" hash="drift-alerts" className="text-primary hover:underline">
                      {m.summary_drift_alert_link()}
                    </Link>
                  </p>
                </>
              )}
            </>
          )}
        </QueryCardBody>
      </section>
    </Card>
  );
}
