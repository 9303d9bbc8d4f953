import type { PortfolioPerformanceDetail } from "@ledgerline/contracts";
import { m } from "@ledgerline/messages";

type Methods = PortfolioPerformanceDetail["explanation"]["realizedMethods"];

/** The contracts' realizedByMethodTexts, word for word in English, as catalog messages. */
const methodTexts: Record<Methods[number]["method"], () => string> = {
  fifo: m.summary_realized_by_fifo,
  lifo: m.summary_realized_by_lifo,
  hifo: m.summary_realized_by_hifo,
  specific: m.summary_realized_by_specific,
  average: m.summary_realized_by_average,
};

/** The line the 'Explain' panel gives for the accounts under one cost-basis method. */
export function realizedMethodText(entry: Methods[number], several: boolean): string {
  const text = methodTexts[entry.method]();
  if (!several) return text;
  return `${text}: ${entry.accounts.map((account) => account.name).join(", ")}`;
}

/**
 * Which cost-basis method the realized gain follows (issue 32): one line when the accounts
 * counted share one, else each method with its accounts, whose gains are added up.
 */
export function RealizedMethods({ methods }: { methods: Methods }) {
  if (methods.length === 0) {
    return <p>{methodTexts.average()}.</p>;
  }
  if (methods.length === 1) {
    return <p data-testid="realized-method">{realizedMethodText(methods[0]!, false)}.</p>;
  }
  return (
    <div data-testid="realized-method">
      <p>{m.summary_realized_by_account()}</p>
      <ul className="list-disc pl-5">
        {methods.map((entry) => (
          <li key={entry.method}>{realizedMethodText(entry, true)}</li>
        ))}
      </ul>
    </div>
  );
}
