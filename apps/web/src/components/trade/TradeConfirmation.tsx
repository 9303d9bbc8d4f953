/** The confirm step's summary: what is traded, how many, at what price, and the exact total. */
export function TradeConfirmation({ rows }: { rows: [label: string, value: string][] }) {
  return (
    <dl className="divide-y divide-border rounded-lg border border-border">
      {rows.map(([label, value]) => (
        <div key={label} className="flex items-baseline justify-between gap-4 px-4 py-2.5 text-sm">
          <dt className="shrink-0 text-muted">{label}</dt>
          <dd className="num min-w-0 text-right font-semibold break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
