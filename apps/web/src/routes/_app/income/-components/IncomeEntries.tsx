import type { IncomeAnswer, IncomeEntry } from "@ledgerline/contracts";
import { m } from "@ledgerline/messages";
import { StockSymbolLink } from "../../../../components/assets/SymbolLink";
import { Badge } from "../../../../components/ui/Badge";
import { EditDeleteButtons } from "../../../../components/ui/EditDeleteButtons";
import { Money } from "../../../../components/money/Money";
import {
  useDisplayMoney,
  useDisplayMoneySum,
  type MoneyFormatter,
} from "../../../../components/money/useDisplayMoney";
import { formatCalendarDate, formatQuantity } from "../../../../lib/format";
import { TableWithActions } from "../../../../components/ui/TableWithActions";

export interface EntryActions {
  onEdit: (entry: IncomeEntry) => void;
  onDelete: (entry: IncomeEntry) => void;
}

/** How an entry is named to a screen reader's button list and in the delete confirmation. */
export function describeEntry(entry: IncomeEntry): string {
  return m.income_describe({ symbol: entry.symbol, date: formatCalendarDate(entry.payDate) });
}

function EditedBadge({ entry }: { entry: IncomeEntry }) {
  return entry.manual ? <Badge>{m.income_by_hand()}</Badge> : null;
}

function EntryButtons({ entry, onEdit, onDelete }: EntryActions & { entry: IncomeEntry }) {
  return (
    <EditDeleteButtons
      what={describeEntry(entry)}
      onEdit={() => onEdit(entry)}
      onDelete={() => onDelete(entry)}
    />
  );
}

/** The rates a list of entries needs: from its oldest pay date (entries come newest first). */
function oldestPayDate(entries: readonly IncomeEntry[]): string | undefined {
  return entries.reduce<string | undefined>(
    (oldest, entry) => (oldest === undefined || entry.payDate < oldest ? entry.payDate : oldest),
    undefined,
  );
}

const headings = [
  m.income_col_symbol(),
  m.income_field_ex_date(),
  m.income_field_pay_date(),
  m.income_field_quantity(),
  m.income_col_per_share(),
  m.income_col_total(),
];

function AccountName({
  entry,
  names,
}: {
  entry: IncomeEntry;
  names: ReadonlyMap<number, string> | undefined;
}) {
  const name = entry.accountId === undefined ? undefined : names?.get(entry.accountId);
  return name ? <span className="block text-xs text-muted">{name}</span> : null;
}

/**
 * The entries as a table from a tablet up, as one card each on a phone. With `accountNames` (a
 * user with several accounts, unfiltered) each entry names its account under its symbol.
 */
export function IncomeEntries({
  entries,
  accountNames,
  ...actions
}: { entries: IncomeEntry[]; accountNames?: ReadonlyMap<number, string> } & EntryActions) {
  // Each dividend in the display currency at its pay day's rate (decision 0060).
  const money = useDisplayMoney(oldestPayDate(entries));
  return (
    <>
      <TableWithActions
        caption={m.income_caption()}
        columns={headings.map((label, index) => ({ label, numeric: index >= 3 }))}
        className="hidden overflow-x-auto rounded-xl border border-border bg-surface sm:block"
        headClassName="border-b border-border text-muted"
        cell="px-4 py-3 font-medium"
      >
        {entries.map((entry) => (
          <tr
            key={entry.id}
            data-income-id={entry.id}
            className="border-b border-border last:border-0"
          >
            <td className="px-4 py-3">
              <span className="flex items-center gap-2">
                <StockSymbolLink symbol={entry.symbol} />
                <EditedBadge entry={entry} />
              </span>
              <AccountName entry={entry} names={accountNames} />
            </td>
            <td className="num px-4 py-3 whitespace-nowrap">{formatCalendarDate(entry.exDate)}</td>
            <td className="num px-4 py-3 whitespace-nowrap">{formatCalendarDate(entry.payDate)}</td>
            <td className="num px-4 py-3 text-right">{formatQuantity(entry.quantity)}</td>
            <td className="num px-4 py-3 text-right">
              <Money shown={money(entry.amountPerShare, entry.payDate)} />
            </td>
            <td className="num px-4 py-3 text-right font-semibold">
              <Money shown={money(entry.total, entry.payDate)} />
            </td>
            <td className="px-2 py-2">
              <EntryButtons entry={entry} {...actions} />
            </td>
          </tr>
        ))}
      </TableWithActions>
      <ul
        aria-label={m.income_caption()}
        className="divide-y divide-border rounded-xl border border-border bg-surface text-sm sm:hidden"
      >
        {entries.map((entry) => (
          <IncomeCard
            key={entry.id}
            entry={entry}
            accountNames={accountNames}
            money={money}
            {...actions}
          />
        ))}
      </ul>
    </>
  );
}

/**
 * Totals per calendar year of the pay date, newest first, and over all years: in the display
 * currency each the sum of its dividends at their pay days' rates.
 */
export function YearTotals({ income }: { income: IncomeAnswer }) {
  const moneySum = useDisplayMoneySum(oldestPayDate(income.entries));
  const parts = (year?: number) =>
    income.entries
      .filter((entry) => year === undefined || entry.payDate.startsWith(`${year}-`))
      .map((entry) => ({ usd: entry.total, day: entry.payDate }));
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {income.years.map(({ year, total }) => (
        <div key={year} className="rounded-xl border border-border bg-surface p-4">
          <dt className="text-sm text-muted">{year}</dt>
          <dd className="num mt-1 text-xl font-semibold">
            <Money shown={moneySum(total, parts(year))} />
          </dd>
        </div>
      ))}
      <div className="rounded-xl border border-border bg-surface-muted p-4">
        <dt className="text-sm text-muted">{m.income_all_years()}</dt>
        <dd className="num mt-1 text-xl font-semibold">
          <Money shown={moneySum(income.total, parts())} />
        </dd>
      </div>
    </dl>
  );
}

/** One entry on a phone: symbol and total, its dates, quantity and rate, and its buttons. */
function IncomeCard({
  entry,
  accountNames,
  money,
  ...actions
}: {
  entry: IncomeEntry;
  accountNames?: ReadonlyMap<number, string>;
  money: MoneyFormatter;
} & EntryActions) {
  return (
    <li data-income-id={entry.id} className="px-4 py-3">
      <div className="flex items-center justify-between gap-3">
        <span className="flex items-center gap-2">
          <StockSymbolLink symbol={entry.symbol} />
          <EditedBadge entry={entry} />
        </span>
        <span className="num font-semibold">
          <Money shown={money(entry.total, entry.payDate)} />
        </span>
      </div>
      <AccountName entry={entry} names={accountNames} />
      <p className="num mt-1 flex flex-wrap justify-between gap-x-3 gap-y-1 text-xs text-muted">
        <span>
          {m.income_card_dates({
            ex: formatCalendarDate(entry.exDate),
            paid: formatCalendarDate(entry.payDate),
          })}
        </span>
        <span>
          {formatQuantity(entry.quantity)} ×{" "}
          <Money shown={money(entry.amountPerShare, entry.payDate)} />
        </span>
      </p>
      <div className="mt-2">
        <EntryButtons entry={entry} {...actions} />
      </div>
    </li>
  );
}
