import { realizedByMethodTexts } from "@ledgerline/contracts/browser";
import type { PortfolioPerformanceDetail } from "@ledgerline/contracts";

type Methods = PortfolioPerformanceDetail["explanation"]["realizedMethods"];

/** The line the 'Explain' panel gives for the accounts under one cost-basis method. */
export function realizedMethodText(entry: Methods[number], several: boolean): string {
  const text = realizedByMethodTexts[entry.method];
  if (!several) return text;
  return `${text}: ${entry.accounts.map((account) => account.name).join(", ")}`;
}

/**
 * Which cost-basis method the realized gain follows (issue 32): one line when the accounts
 * counted share one, else each method with its accounts, whose gains are added up.
 */
export function RealizedMethods({ methods }: { methods: Methods }) {
  if (methods.length === 0) {
    return <p>{realizedByMethodTexts.average}.</p>;
  }
  if (methods.length === 1) {
    return <p data-testid="realized-method">{realizedMethodText(methods[0]!, false)}.</p>;
  }
  return (
    <div data-testid="realized-method">
      <p>Each account&apos;s realized gain by its cost-basis method, added up:</p>
      <ul className="list-disc pl-5">
        {methods.map((entry) => (
          <li key={entry.method}>{realizedMethodText(entry, true)}</li>
        ))}
      </ul>
    </div>
  );
}
