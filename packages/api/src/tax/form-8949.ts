import { form8949Labels as labels } from "@ledgerline/contracts";
import { isZero, round, sum, withPlaces, type Decimal } from "@ledgerline/money";
import { sortInTurns, Turns } from "../platform/turns";
import { saleView, type LotSaleState } from "./lot-engine";
import type { YearSales } from "./year-sales";

/**
 * Form 8949 as CSV: Part I (short-term) then Part II (long-term), one row per lot sale with the
 * form's columns (a)-(h), and each part's totals. Amounts are in dollars and cents (each row
 * rounded half-even; a part's totals add its rows as printed, as the form is added up); dates are
 * MM/DD/YYYY as the form writes them; code W marks a wash sale, its disallowed loss in (g).
 */

const cents = (value: Decimal) => round(value, 2);
const written = (value: Decimal) => withPlaces(value, 2);

function formDate(iso: string): string {
  return `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
}

function cell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

const line = (cells: readonly string[]) => `${cells.map(cell).join(",")}\r\n`;

async function part(title: string, sales: readonly LotSaleState[], turns: Turns) {
  const rows = [];
  for (const sale of sales) {
    if (turns.due()) await turns.next();
    const view = saleView(sale);
    const disallowed = cents(view.washSaleDisallowed);
    rows.push({
      description:
        sale.assetType === "STOCK"
          ? labels.shares(view.quantity, view.symbol)
          : labels.units(view.quantity, view.symbol),
      acquired: formDate(view.acquiredAt),
      sold: formDate(view.soldAt),
      proceeds: cents(view.proceeds),
      basis: cents(view.costBasis),
      code: isZero(disallowed) ? "" : "W",
      adjustment: disallowed,
      gain: cents(view.gain),
    });
  }
  let text = line([title]) + line(labels.columns);
  for (const row of rows) {
    if (turns.due()) await turns.next();
    text += line([
      row.description,
      row.acquired,
      row.sold,
      written(row.proceeds),
      written(row.basis),
      row.code,
      isZero(row.adjustment) ? "" : written(row.adjustment),
      written(row.gain),
    ]);
  }
  text += line([
    labels.totals,
    "",
    "",
    written(sum(rows.map((row) => row.proceeds))),
    written(sum(rows.map((row) => row.basis))),
    "",
    written(sum(rows.map((row) => row.adjustment))),
    written(sum(rows.map((row) => row.gain))),
  ]);
  return text;
}

/** The file, written in turns of the event loop (a heavy trader's year is thousands of rows). */
export async function form8949Csv(year: YearSales): Promise<string> {
  const bySale = (a: LotSaleState, b: LotSaleState) =>
    a.soldAt < b.soldAt ? -1 : a.soldAt > b.soldAt ? 1 : a.saleId - b.saleId;
  const turns = new Turns();
  const shortTerm = await part(
    labels.partI,
    await sortInTurns(year.shortTerm, bySale, turns),
    turns,
  );
  const longTerm = await part(
    labels.partII,
    await sortInTurns(year.longTerm, bySale, turns),
    turns,
  );
  return line([labels.title(year.year)]) + shortTerm + "\r\n" + longTerm;
}
