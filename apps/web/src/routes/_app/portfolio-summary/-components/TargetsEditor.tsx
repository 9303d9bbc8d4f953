import type { PortfolioTargets, TargetDimension } from "@ledgerline/contracts";
import { m } from "@ledgerline/messages";
import { compare, subtract } from "@ledgerline/money";
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Alert } from "../../../../components/ui/Alert";
import { Button } from "../../../../components/ui/Button";
import { Field } from "../../../../components/ui/Field";
import { SelectField, type SelectOption } from "../../../../components/ui/SelectField";
import { notify } from "../../../../lib/notify";
import { errorMessage, queryClient, trpc } from "../../../../lib/trpc";
import { percentOf, percentTotal, weightOf } from "./target-options";

interface Row {
  id: number;
  key: string;
  percent: string;
}

let nextRowId = 0;
const rowOf = (key: string, percent: string): Row => ({ id: nextRowId++, key, percent });

/**
 * The target mix as rows of a slice and its percent, saved as one set: the server says, in its
 * words, what is wrong with a set that does not add up to 100%.
 */
export function TargetsEditor({
  by,
  saved,
  choices,
}: {
  by: TargetDimension;
  saved: PortfolioTargets["targets"];
  choices: SelectOption<string>[];
}) {
  const [rows, setRows] = useState(() => saved.map((t) => rowOf(t.key, percentOf(t.weight))));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation(
    trpc.targets.set.mutationOptions({
      onSuccess: async (answer) => {
        setProblem(null);
        queryClient.setQueryData(trpc.targets.get.queryKey({ by }), answer);
        await queryClient.invalidateQueries(trpc.targets.rebalance.pathFilter());
        notify.success(
          answer.targets.length ? m.summary_targets_saved() : m.summary_targets_cleared(),
        );
      },
      onError: (error) => setProblem(errorMessage(error, m.summary_targets_save_failed())),
    }),
  );
  const change = (id: number, next: Partial<Row>) =>
    setRows((all) => all.map((row) => (row.id === id ? { ...row, ...next } : row)));
  const unused = choices.find((choice) => !rows.some((row) => row.key === choice.value));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      by,
      targets: rows.map((row) => ({ key: row.key, weight: weightOf(row.percent) })),
    });
  };
  return (
    <form onSubmit={submit} className="mt-4 space-y-3" aria-label={m.summary_target_mix()}>
      <ul className="space-y-2">
        {rows.map((row, index) => (
          <li key={row.id} className="flex flex-wrap items-end gap-2">
            <SelectField
              className="w-full sm:w-72"
              label={m.summary_target_slice({ number: String(index + 1) })}
              value={row.key}
              options={choices}
              onChange={(key) => change(row.id, { key })}
            />
            <Field
              className="w-28"
              label={m.summary_target_percent({ number: String(index + 1) })}
              inputMode="decimal"
              value={row.percent}
              onChange={(event) => change(row.id, { percent: event.target.value })}
            />
            <Button
              variant="secondary"
              aria-label={m.summary_remove_target({
                slice: choices.find((c) => c.value === row.key)?.label ?? row.key,
              })}
              onClick={() => setRows((all) => all.filter((other) => other.id !== row.id))}
            >
              {m.summary_remove()}
            </Button>
          </li>
        ))}
      </ul>
      <TotalLine percents={rows.map((row) => row.percent)} />
      {problem && <Alert tone="error">{problem}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          disabled={!unused}
          onClick={() => unused && setRows((all) => [...all, rowOf(unused.value, "0")])}
        >
          {m.summary_add_target()}
        </Button>
        <Button type="submit" busy={save.isPending}>
          {m.summary_save_targets()}
        </Button>
      </div>
    </form>
  );
}

/** The typed percents' total, and how far from 100% it is. */
function TotalLine({ percents }: { percents: string[] }) {
  const total = percentTotal(percents);
  const missing = subtract("100", total);
  const side = compare(missing, "0");
  return (
    <p className="text-sm" aria-live="polite">
      {m.summary_targets_total()} <span className="num font-semibold">{total}%</span>
      {side !== 0 && percents.length > 0 && (
        <span className="text-muted">
          {" "}
          (
          {side > 0
            ? m.summary_points_short({ points: missing })
            : m.summary_points_over({ points: missing.slice(1) })}
          )
        </span>
      )}
    </p>
  );
}
