import type { RealizedReport, TaxTotals } from "@ledgerline/contracts";
import { formatCurrency } from "../../../../lib/format";
import { GainAmount } from "./tax-cells";

const terms = [
  { key: "shortTerm", title: "Short-term", hint: "Held one year or less (Form 8949 Part I)" },
  { key: "longTerm", title: "Long-term", hint: "Held more than one year (Part II)" },
  { key: "total", title: "Total", hint: "Both parts" },
] as const;

/** The year's short-term, long-term and total proceeds, basis, wash-sale adjustments and gain. */
export function TermTotals({ report }: { report: RealizedReport }) {
  return (
    <section aria-labelledby="tax-totals" className="space-y-3">
      <h2 id="tax-totals" className="text-xl font-semibold">
        Totals for {report.year}
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
    ["Proceeds", formatCurrency(totals.proceeds)],
    ["Cost basis", formatCurrency(totals.costBasis)],
    ["Wash-sale adjustment", formatCurrency(totals.washSaleDisallowed)],
  ];
  return (
    <section
      aria-label={`${title} totals`}
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
          <dt className="font-medium">Gain or loss</dt>
          <dd>
            <GainAmount value={totals.gain} />
          </dd>
        </div>
      </dl>
    </section>
  );
}
