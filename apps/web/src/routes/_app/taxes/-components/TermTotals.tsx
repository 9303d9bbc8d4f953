import type { RealizedReport, TaxTotals } from "@ledgerline/contracts";
import { m } from "@ledgerline/messages";
import { formatCurrency } from "../../../../lib/format";
import { GainAmount } from "./tax-cells";

const terms = [
  { key: "shortTerm", title: m.taxes_short_term(), hint: m.taxes_short_hint() },
  { key: "longTerm", title: m.taxes_long_term(), hint: m.taxes_long_hint() },
  { key: "total", title: m.taxes_total(), hint: m.taxes_total_hint() },
] as const;

/** The year's short-term, long-term and total proceeds, basis, wash-sale adjustments and gain. */
export function TermTotals({ report }: { report: RealizedReport }) {
  return (
    <section aria-labelledby="tax-totals" className="space-y-3">
      <h2 id="tax-totals" className="text-xl font-semibold">
        {m.taxes_totals_for({ year: String(report.year) })}
      </h2>
      <div className="grid gap-3 md:grid-cols-3">
        {terms.map(({ key, title, hint }) => (
          <TermCard key={key} title={title} hint={hint} totals={report[key]} />
        ))}
      </div>
    </section>
  );
}

function TermCard({ title, hint, totals }: { title: string; hint: string; totals: TaxTotals }) {
  const rows: [string, string][] = [
    [m.taxes_proceeds(), formatCurrency(totals.proceeds)],
    [m.taxes_cost_basis(), formatCurrency(totals.costBasis)],
    [m.taxes_wash_adjustment(), formatCurrency(totals.washSaleDisallowed)],
  ];
  return (
    <section
      aria-label={m.taxes_term_totals({ term: title })}
      className="rounded-xl border border-border bg-surface p-4"
    >
      <h3 className="font-semibold">{title}</h3>
      <p className="text-xs text-muted">{hint}</p>
      <dl className="mt-3 space-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-3">
            <dt className="text-muted">{label}</dt>
            <dd className="num">{value}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-3 border-t border-border pt-1">
          <dt className="font-medium">{m.taxes_gain_or_loss()}</dt>
          <dd>
            <GainAmount value={totals.gain} />
          </dd>
        </div>
      </dl>
    </section>
  );
}
