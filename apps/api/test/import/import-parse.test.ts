import {
  IMPORT_MAX_ROWS,
  importMapping,
  stockSymbol,
  type ImportMappingInput,
} from "@ledgerline/contracts";
import { describe, expect, it, vi } from "vitest";
import { importFormat } from "@ledgerline/api/import/formats";
import {
  linesExceed,
  parseImport,
  parseImportAmount,
  parseImportDate,
  type ParsedRow,
} from "@ledgerline/api/import/parse";
import { importSample } from "./import-support";

const NOW = new Date("2026-03-11T15:00:00Z");

/**
 * Each row as one line: its number, outcome, what it is, and the reason if it has one; a trade's
 * notes, and its fee in brackets.
 */
function outline(rows: ParsedRow[]): string[] {
  return rows.map((row) => {
    const cash = row.outcome === "trade" ? undefined : row;
    return [
      row.row,
      row.outcome,
      row.transactionType ?? cash?.cashType ?? "",
      row.symbol ?? "",
      row.quantity ?? (cash?.cashType ? cash.amount : "") ?? "",
      row.price ?? "",
      row.date?.toISOString().slice(0, 10) ?? "",
      row.outcome === "trade"
        ? `${row.notes ?? ""}${row.fee ? ` [fee ${row.fee}]` : ""}`
        : row.message,
    ].join(" | ");
  });
}

const generic = (mapping: ImportMappingInput) =>
  importFormat("generic", importMapping.parse(mapping));

describe("the Charles Schwab preset", () => {
  it("reads every sample row as a trade, income, a split, skipped or an error", async () => {
    const rows = await parseImport(
      importSample("schwab-sample.csv"),
      importFormat("schwab", undefined),
      NOW,
    );
    expect(outline(rows)).toEqual([
      "2 | trade | SELL | MSFT | 5 | 512.4 | 2025-10-15 | MICROSOFT CORP",
      "3 | income | DIVIDEND | MSFT |  |  | 2025-09-11 | A dividend",
      "4 | income | DIVIDEND | AAPL |  |  | 2025-08-14 | A dividend",
      "5 | trade | BUY | NVDA | 12.5 | 153.1 | 2025-07-01 | NVIDIA CORP",
      // "06/10/2024 as of 06/07/2024": the date the split took effect.
      "6 | split | SPLIT | NVDA | 90 |  | 2024-06-07 | A split",
      "7 | trade | BUY | NVDA | 10 | 947.8 | 2024-05-20 | NVIDIA CORP",
      "8 | trade | BUY | MSFT | 25 | 421.44 | 2024-04-02 | MICROSOFT CORP",
      // Fees & Comm is the trade's fee, no longer its notes.
      "9 | trade | BUY | AAPL | 26 | 172.62 | 2024-03-15 | APPLE INC [fee 0.65]",
      // Cash rows: the wire's $30,000.00 in, the interest's $1.12.
      "10 | cash | deposit |  | 30000 |  | 2024-02-28 | Deposit of 30000 USD",
      "11 | cash | interest |  | 1.12 |  | 2024-02-01 | Interest of 1.12 USD",
      "12 | income | DIVIDEND | SCHD |  |  | 2024-01-16 | A dividend",
      // A trade here; the market's lookup (service) makes SCHD an unknown symbol.
      "13 | trade | BUY | SCHD | 0.3251 | 75.55 | 2024-01-16 | SCHWAB US DIVIDEND EQUITY ETF",
      "14 | trade | BUY | KO | 1200 | 59.87 | 2024-01-10 | COCA-COLA CO",
      "15 | error | BUY | KO |  |  | 2024-01-09 | Quantity must be greater than 0 (it is -5)",
      "16 | skipped |  |  |  |  |  | A total line, not a transaction",
    ]);
    // A dividend's amount is what was received, from the Amount column.
    expect(
      rows.filter((row) => row.outcome === "income").map((row) => "amount" in row && row.amount),
    ).toEqual(["20.75", "6.76", "24.56"]);
  });

  it("reads money in and out by the Amount's sign, interest, fees and tax; a refund is skipped", async () => {
    const csv = [
      '"Date","Action","Symbol","Description","Quantity","Price","Fees & Comm","Amount"',
      '"03/20/2025","MoneyLink Transfer","","Tfr BANK","","","","-$1,500.00"',
      '"03/19/2025","MoneyLink Deposit","","Tfr BANK","","","","$2,000.00"',
      '"03/18/2025","Journal","","JOURNAL FRM ...123","","","","$250.50"',
      '"03/17/2025","Journal","","JOURNAL TO ...456","","","","-$100.00"',
      '"03/16/2025","Wire Funds","","WIRED FUNDS DISBURSED","","","","-$5,000.00"',
      '"03/15/2025","Bank Interest","","BANK INT 021625-031525","","","","$0.37"',
      '"03/14/2025","ADR Mgmt Fee","TSM","TAIWAN SEMICONDUCTOR","","","","-$0.42"',
      '"03/13/2025","Service Fee","","SERVICE FEE","","","","-$25.00"',
      '"03/12/2025","Foreign Tax Paid","NVO","NOVO NORDISK","","","","-$3.18"',
      '"03/11/2025","NRA Tax Adj","","NRA TAX ADJ","","","","$1.02"',
      '"03/10/2025","Margin Interest","","MARGIN INTEREST","","","","-$12.09"',
      '"03/09/2025","Misc Cash Entry","","MISC","","","","$9.99"',
      '"03/08/2025","Wire Received","","WIRED FUNDS RECEIVED","","","","$abc"',
    ].join("\n");
    const rows = await parseImport(csv, importFormat("schwab", undefined), NOW);
    expect(outline(rows)).toEqual([
      "2 | cash | withdrawal |  | 1500 |  | 2025-03-20 | Withdrawal of 1500 USD",
      "3 | cash | deposit |  | 2000 |  | 2025-03-19 | Deposit of 2000 USD",
      "4 | cash | deposit |  | 250.5 |  | 2025-03-18 | Deposit of 250.5 USD",
      "5 | cash | withdrawal |  | 100 |  | 2025-03-17 | Withdrawal of 100 USD",
      "6 | cash | withdrawal |  | 5000 |  | 2025-03-16 | Withdrawal of 5000 USD",
      "7 | cash | interest |  | 0.37 |  | 2025-03-15 | Interest of 0.37 USD",
      "8 | cash | fee |  | 0.42 |  | 2025-03-14 | Fee of 0.42 USD",
      "9 | cash | fee |  | 25 |  | 2025-03-13 | Fee of 25 USD",
      "10 | cash | tax |  | 3.18 |  | 2025-03-12 | Tax withheld of 3.18 USD",
      "11 | skipped |  |  |  |  | 2025-03-11 | A refund of tax withheld: enter it as a deposit if you want it counted",
      "12 | cash | fee |  | 12.09 |  | 2025-03-10 | Fee of 12.09 USD",
      '13 | skipped |  |  |  |  |  | The action "Misc Cash Entry" is not one that is imported (buy, sell, dividend, split, or cash in or out)',
      '14 | error |  |  |  |  | 2025-03-08 | Amount "$abc" is not a number',
    ]);
    expect(rows[0]).toMatchObject({ notes: "Tfr BANK" });
  });

  it("refuses a dividend row with neither its amount nor its amount per share", async () => {
    const csv =
      '"Date","Action","Symbol","Description","Quantity","Price","Fees & Comm","Amount"\n' +
      '"09/11/2025","Cash Dividend","MSFT","MICROSOFT CORP","","","",""\n';
    const rows = await parseImport(csv, importFormat("schwab", undefined), NOW);
    expect(outline(rows)).toEqual([
      "2 | error | DIVIDEND | MSFT |  |  | 2025-09-11 | A dividend needs its amount, or its amount per share",
    ]);
  });
});

describe("the Coinbase preset", () => {
  it("reads every sample row, refusing the EUR price and the 12-decimal quantity", async () => {
    const rows = await parseImport(
      importSample("coinbase-sample.csv"),
      importFormat("coinbase", undefined),
      NOW,
    );
    expect(outline(rows)).toEqual([
      // Fees and/or Spread is the trade's fee: 978.10 - 14.67 = the 963.43 received.
      "2 | trade | SELL | ETH | 0.25 | 3912.4 | 2025-10-17 | Sold 0.25 ETH for 963.43 USD [fee 14.67]",
      "3 | error | DIVIDEND | ETH |  |  | 2025-09-30 | Quantity 0.000037835729 has 12 decimal places; crypto allows at most 8",
      "4 | skipped |  |  |  |  |  | Coins moved between wallets, not cash and not a trade: their cost is not in the file; if both wallets are your accounts here, enter it as a holding transfer",
      "5 | skipped |  |  |  |  |  | A conversion between two coins: record it as a sell and a buy",
      "6 | trade | BUY | SOL | 12.34567891 | 146.02 | 2025-05-05 |  [fee 7.21]",
      "7 | trade | BUY | ETH | 1.2 | 1912.55 | 2025-03-14 | Bought 1.2 ETH for 2329.47 USD [fee 34.41]",
      "8 | error | BUY | BTC |  |  | 2025-02-10 | The price is in EUR; only prices in USD can be imported",
      "9 | trade | BUY | BTC | 0.02 | 94850 | 2024-12-24 | Bought 0.02 BTC for 1925.46 USD [fee 28.46]",
      "10 | trade | BUY | DOGE | 5000 | 0.1712 | 2024-11-05 | Bought 5000 DOGE for 868.84 USD [fee 12.84]",
    ]);
    expect(rows[0]!.date?.toISOString()).toBe("2025-10-17T14:02:11.000Z");
  });

  it("reads deposits and withdrawals of US dollars as cash; coins received are not cash", async () => {
    const header = importSample("coinbase-sample.csv").split("\n")[0];
    const csv = [
      header,
      "a1,2025-06-02 09:00:00 UTC,Deposit,USD,500,USD,$1.00,$500.00,$500.00,$0.00,Deposit from Chase",
      "a2,2025-06-03 09:00:00 UTC,Withdrawal,USD,-120.5,USD,$1.00,-$120.50,-$120.50,$0.00,",
      "a3,2025-06-04 09:00:00 UTC,Withdrawal,USD,80,USD,$1.00,$80.00,$80.00,$0.00,",
      "a4,2025-06-05 09:00:00 UTC,Deposit,EUR,100,EUR,€1.00,€100.00,€100.00,€0.00,",
      "a5,2025-06-06 09:00:00 UTC,Receive,BTC,0.01,USD,$100000,$1000.00,$1000.00,$0.00,",
    ].join("\n");
    const rows = await parseImport(csv, importFormat("coinbase", undefined), NOW);
    expect(outline(rows)).toEqual([
      "2 | cash | deposit |  | 500 |  | 2025-06-02 | Deposit of 500 USD",
      // A withdrawal takes money out however its amount is signed.
      "3 | cash | withdrawal |  | 120.5 |  | 2025-06-03 | Withdrawal of 120.5 USD",
      "4 | cash | withdrawal |  | 80 |  | 2025-06-04 | Withdrawal of 80 USD",
      '5 | skipped |  |  |  |  | 2025-06-05 | "Deposit" of EUR: only US dollars are recorded as cash',
      "6 | skipped |  |  |  |  |  | Coins moved between wallets, not cash and not a trade: their cost is not in the file; if both wallets are your accounts here, enter it as a holding transfer",
    ]);
  });
});

describe("an 'Other CSV' mapping with cash actions", () => {
  it("maps action values to deposit, withdrawal, interest, fee and tax, reading the amount column", async () => {
    const format = generic({
      columns: {
        date: "Date",
        symbol: "Symbol",
        action: "Type",
        quantity: "Qty",
        price: "Price",
        amount: "Net",
        notes: "Memo",
      },
      actions: {
        buy: ["BUY"],
        deposit: ["CASH IN"],
        withdrawal: ["CASH OUT"],
        interest: ["INT"],
        fee: ["FEE"],
        tax: ["WHT"],
      },
    });
    const csv = [
      "Date,Symbol,Type,Qty,Price,Net,Memo",
      "2025-01-02,,CASH IN,,,1000,from bank",
      "2025-01-03,AAPL,BUY,2,200,-400,",
      "2025-01-31,,INT,,,0.5,",
      "2025-02-01,,FEE,,,-2.5,",
      "2025-02-02,KO,WHT,,,0.9,",
      "2025-02-03,,cash out,,,300,",
      "2025-02-04,,CASH IN,,,,",
    ].join("\n");
    expect(outline(await parseImport(csv, format, NOW))).toEqual([
      "2 | cash | deposit |  | 1000 |  | 2025-01-02 | Deposit of 1000 USD",
      "3 | trade | BUY | AAPL | 2 | 200 | 2025-01-03 | ",
      "4 | cash | interest |  | 0.5 |  | 2025-01-31 | Interest of 0.5 USD",
      "5 | cash | fee |  | 2.5 |  | 2025-02-01 | Fee of 2.5 USD",
      // An 'Other CSV' file's amounts may be unsigned: a tax is tax withheld either way.
      "6 | cash | tax |  | 0.9 |  | 2025-02-02 | Tax withheld of 0.9 USD",
      "7 | cash | withdrawal |  | 300 |  | 2025-02-03 | Withdrawal of 300 USD",
      "8 | error |  |  |  |  | 2025-02-04 | A cash row needs its amount",
    ]);
  });
});

describe("a large file", () => {
  it("checks each distinct symbol once, not once a row, with every row's result unchanged", async () => {
    const lines = Array.from(
      { length: 300 },
      (_, i) =>
        `2025-01-0${1 + (i % 9)}T15:30:00.000Z,STOCK,${["AAPL", "MSFT", "bad!"][i % 3]},BUY,2,${100 + (i % 4)},,`,
    );
    const csv = `transactionDate,type,symbol,transactionType,quantity,price,total,notes\n${lines.join("\n")}\n`;
    const checks = vi.spyOn(stockSymbol, "safeParse");
    const rows = await parseImport(csv, importFormat("ledgerline", undefined), NOW);
    expect(checks).toHaveBeenCalledTimes(3);
    checks.mockRestore();
    expect(rows.filter((row) => row.outcome === "trade")).toHaveLength(200);
    expect(rows.filter((row) => row.outcome === "error")).toHaveLength(100);
    expect(rows[1]).toMatchObject({ symbol: "MSFT", quantity: "2", price: "101" });
    expect(rows[2]).toMatchObject({ outcome: "error", message: '"bad!" is not a valid symbol' });
  });
});

describe("a file without quotes", () => {
  const header = "transactionDate,type,symbol,transactionType,quantity,price,notes";
  const trade = (day: number, notes = "") =>
    `2025-01-0${day}T15:30:00.000Z,STOCK,AAPL,BUY,${day},100.5,${notes}`;
  it.each([
    ["LF ends", [header, trade(1), trade(2, "a note")].join("\n") + "\n"],
    ["CRLF ends, no last break", [header, trade(1), trade(2)].join("\r\n")],
    ["CR ends", [header, trade(1), "", trade(2)].join("\r") + "\r"],
    ["a BOM and blank lines", "\uFEFF\n\n" + [header, "", trade(1), "", "", trade(2)].join("\n")],
    ["mixed ends", `${header}\r\n${trade(1)}\r\r\n${trade(2)}\n\r${trade(3)}`],
    [
      "short, long and blank-cell rows",
      [header, "x", ",", " , ", `${trade(1)},extra,cells`, trade(2)].join("\n"),
    ],
    [
      "cells with spaces and a lone apostrophe",
      [header, ` ${trade(1, "it's 'ok'")} `, trade(2)].join("\n"),
    ],
  ])("reads one with %s as the CSV parser does, row numbers included", async (_name, csv) => {
    const format = importFormat("ledgerline", undefined);
    // A last line of one quoted empty cell sends the file through csv-parse, and adds no row.
    const quoted = `${csv}${/[\r\n]$/.test(csv) ? "" : "\n"}""`;
    const rows = await parseImport(csv, format, NOW);
    expect(rows).toEqual(await parseImport(quoted, format, NOW));
    expect(rows.some((row) => row.outcome === "trade")).toBe(true);
  });

  it("reads one separated by semicolons or tabs as the CSV parser does", async () => {
    for (const delimiter of [";", "\t"] as const) {
      const format = generic({
        delimiter,
        decimalSeparator: ",",
        dateFormat: "DD.MM.YYYY",
        columns: { date: "Datum", symbol: "Wert", action: "Art", quantity: "Stück", price: "Kurs" },
        assetType: "STOCK",
        actions: { buy: ["Kauf"], sell: ["Verkauf"] },
      });
      const csv = [
        ["Datum", "Wert", "Art", "Stück", "Kurs"],
        ["02.01.2025", "AAPL", "Kauf", "3", "1.234,5"],
        ["03.01.2025", "AAPL", "Verkauf", "1"],
        [],
        ["04.01.2025", "MSFT", "Einlage", "1", "2"],
      ]
        .map((cells) => cells.join(delimiter))
        .join("\r\n");
      const rows = await parseImport(csv, format, NOW);
      expect(rows).toEqual(await parseImport(`${csv}\r\n""`, format, NOW));
      expect(rows.map((row) => row.row)).toEqual([2, 3, 5]);
    }
  });
});

describe("the Ledgerline preset", () => {
  it("reads the fee column of an export, and an older export without one as trades without fees", async () => {
    const csv =
      "id,transactionDate,type,symbol,transactionType,quantity,price,transactionTotal,fee,notes\r\n" +
      "2,2025-01-02T15:30:00.000Z,STOCK,AAPL,SELL,10,110,1100,5,\r\n" +
      "1,2025-01-01T15:30:00.000Z,STOCK,AAPL,BUY,10,100,1000,0,kept\r\n";
    const rows = await parseImport(csv, importFormat("ledgerline", undefined), NOW);
    expect(outline(rows)).toEqual([
      "2 | trade | SELL | AAPL | 10 | 110 | 2025-01-02 |  [fee 5]",
      "3 | trade | BUY | AAPL | 10 | 100 | 2025-01-01 | kept",
    ]);
    // A fee of 0 is no fee: the row carries none.
    expect(rows[1]).not.toHaveProperty("fee");
  });

  it("reads the export's columns, its asset types, and undoes its formula guard in notes", async () => {
    const csv =
      "id,transactionDate,type,symbol,transactionType,quantity,price,transactionTotal,notes\r\n" +
      "2,2025-01-02T15:30:00.000Z,CRYPTO,BTC,SELL,0.5,42000.12345678,21000.06172839,'=not a formula\r\n" +
      "1,2025-01-01T00:00:00.000Z,STOCK,AAPL,BUY,3,150.5,451.5,\r\n";
    const rows = await parseImport(csv, importFormat("ledgerline", undefined), NOW);
    expect(rows).toEqual([
      {
        row: 2,
        outcome: "trade",
        assetType: "CRYPTO",
        symbol: "BTC",
        transactionType: "SELL",
        quantity: "0.5",
        price: "42000.12345678",
        date: new Date("2025-01-02T15:30:00.000Z"),
        notes: "=not a formula",
      },
      {
        row: 3,
        outcome: "trade",
        assetType: "STOCK",
        symbol: "AAPL",
        transactionType: "BUY",
        quantity: "3",
        price: "150.5",
        date: new Date("2025-01-01T00:00:00.000Z"),
        notes: null,
      },
    ]);
  });
});

describe("a trade's fees cell", () => {
  const feeRows = (...fees: string[]) =>
    parseImport(
      "Date,Symbol,Action,Quantity,Price,Fee\n" +
        fees.map((fee) => `2025-02-03,AAPL,Buy,2,100,${fee}`).join("\n") +
        "\n",
      generic({
        dateFormat: "YYYY-MM-DD",
        assetType: "STOCK",
        columns: {
          date: "Date",
          symbol: "Symbol",
          action: "Action",
          quantity: "Quantity",
          price: "Price",
          fees: "Fee",
        },
        actions: { buy: ["Buy"] },
      }),
      NOW,
    );

  it("is the trade's fee: a debit's size, none when empty or 0, an error when it is no fee", async () => {
    const rows = await feeRows(
      "$1.25",
      "-$0.65",
      "($2.00)",
      "",
      "$0.00",
      "abc",
      "0.000000001",
      "EUR 3",
      "1000000000001",
    );
    expect(
      rows.map((row) => (row.outcome === "trade" ? (row.fee ?? "none") : row.message)),
    ).toEqual([
      "1.25",
      "0.65",
      "2",
      "none",
      "none",
      'Fees "abc" is not a number',
      "Fee can have at most 8 decimal places",
      "The fees are in EUR; only USD can be imported",
      "Fee must be at most 1,000,000,000,000",
    ]);
  });
});

describe("the generic mapping", () => {
  const mapping: ImportMappingInput = {
    delimiter: ";",
    decimalSeparator: ",",
    dateFormat: "DD.MM.YYYY",
    columns: {
      date: "Datum",
      symbol: "Wert",
      action: "Art",
      quantity: "Stück",
      price: "Kurs",
      fees: "Gebühr",
      assetType: "Typ",
    },
    actions: { buy: ["Kauf"], sell: ["Verkauf"], dividend: ["Dividende"], skip: ["Einlage"] },
  };

  it("reads ';' separators, decimal commas, a BOM and CRLF line ends", async () => {
    const csv =
      "\uFEFFDatum;Wert;Art;Stück;Kurs;Gebühr;Typ\r\n" +
      "03.02.2025 09:15;AAPL;Kauf;1.234,5;1.234,56;1,50;Aktie\r\n" +
      "04.02.2025;BTC;Verkauf;0,125;98.765,4321;;crypto\r\n" +
      "05.02.2025;;Einlage;;;;\r\n" +
      "06.02.2025;AAPL;Dividende;;0,25;;stock\r\n" +
      "07.02.2025;AAPL;Tausch;1;1;;stock\r\n";
    const rows = await parseImport(
      csv,
      generic({
        ...mapping,
        assetType: "STOCK",
        columns: { ...mapping.columns, assetType: undefined },
      }),
      NOW,
    );
    expect(outline(rows)).toEqual([
      "2 | trade | BUY | AAPL | 1234.5 | 1234.56 | 2025-02-03 |  [fee 1.5]",
      "3 | trade | SELL | BTC | 0.125 | 98765.4321 | 2025-02-04 | ",
      '4 | skipped |  |  |  |  |  | The action "Einlage" is set to be skipped',
      "5 | income | DIVIDEND | AAPL |  | 0.25 | 2025-02-06 | A dividend",
      '6 | skipped |  |  |  |  |  | The action "Tausch" is not one that is imported (buy, sell, dividend, split, or cash in or out)',
    ]);
    expect(rows[0]!.date?.toISOString()).toBe("2025-02-03T09:15:00.000Z");
  });

  it("takes the asset type from a column when the mapping names one", async () => {
    const csv =
      "Datum;Wert;Art;Stück;Kurs;Gebühr;Typ\n04.02.2025;BTC;Kauf;0,5;100;;CRYPTO\n04.02.2025;X;Kauf;1;1;;bond\n";
    const rows = await parseImport(csv, generic(mapping), NOW);
    expect(outline(rows)).toEqual([
      "2 | trade | BUY | BTC | 0.5 | 100 | 2025-02-04 | ",
      '3 | error | BUY |  |  |  |  | The asset type "bond" is neither STOCK nor CRYPTO',
    ]);
    expect(rows[0]!.outcome === "trade" && rows[0]!.assetType).toBe("CRYPTO");
  });

  it("names the row and the reason for unparseable dates and numbers", async () => {
    const csv =
      "Datum;Wert;Art;Stück;Kurs;Gebühr;Typ\n" +
      "31.02.2025;AAPL;Kauf;1;1;;STOCK\n" +
      "2025-02-01;AAPL;Kauf;1;1;;STOCK\n" +
      "01.02.2025;AAPL;Kauf;zwei;1;;STOCK\n" +
      "01.02.2025;AAPL;Kauf;1;;;STOCK\n" +
      "01.02.2030;AAPL;Kauf;1;1;;STOCK\n" +
      "01.02.2025;AAPL;Kauf;1,123456789;1;;STOCK\n";
    const rows = await parseImport(csv, generic(mapping), NOW);
    expect(
      rows.map((row) => `${row.row}: ${row.outcome === "trade" ? "trade" : row.message}`),
    ).toEqual([
      '2: The date "31.02.2025" is not a date in the format DD.MM.YYYY',
      '3: The date "2025-02-01" is not a date in the format DD.MM.YYYY',
      '4: Quantity "zwei" is not a number',
      "5: Price is missing",
      "6: The date is in the future",
      "7: Quantity 1.123456789 has 9 decimal places; stocks allow at most 8",
    ]);
  });

  it("refuses a mapping naming columns the file does not have, writing their names", async () => {
    await expect(
      parseImport("Date,Ticker\n2025-01-01,AAPL\n", generic(mapping), NOW),
    ).rejects.toThrow(
      "The mapping names columns the file does not have: Datum, Wert, Art, Stück, Kurs, Gebühr, Typ (its columns are Date,Ticker)",
    );
  });
});

describe("files that cannot be imported", () => {
  const schwab = importFormat("schwab", undefined);
  it.each([
    ["an empty file", "", "The file is empty"],
    ["a BOM and blank lines", "\uFEFF\r\n\r\n", "The file is empty"],
    [
      "a header only",
      '"Date","Action","Symbol","Description","Quantity","Price","Fees & Comm","Amount"\r\n',
      "The file has a header but no rows to import",
    ],
    ["binary data", "PK\u0003\u0004\u0000\u0000\u0014\u0000", "The file is not text"],
    [
      "another source's file",
      importSample("coinbase-sample.csv"),
      'This does not look like a Charles Schwab export: it has no "Date", "Symbol", "Action", "Quantity", "Price", "Fees & Comm", "Amount", "Description" columns',
    ],
    [
      "broken quoting",
      '"Date","Action","Symbol","Description","Quantity","Price","Fees & Comm","Amount"\n"01/02/2025,Buy\n',
      "The file is not readable as CSV",
    ],
  ])("refuses %s with a 400", async (_name, csv, message) => {
    const refusal = parseImport(csv, schwab, NOW);
    await expect(refusal).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(refusal).rejects.toThrow(message);
  });

  const schwabHeader =
    '"Date","Action","Symbol","Description","Quantity","Price","Fees & Comm","Amount"\n';
  const row = '"01/02/2025","Buy","AAPL","APPLE INC","1","$150.25","",""\n';
  it.each([
    ["empty", "\n"],
    ["CRLF", "\r\n"],
    ["old Mac", "\r"],
    ["of commas", ",\n"],
  ])(
    "counts %s blank lines against the row cap, refusing a file of more before parsing it",
    async (_name, blank) => {
      const csv = schwabHeader + row + blank.repeat(IMPORT_MAX_ROWS);
      const started = performance.now();
      await expect(parseImport(csv, schwab, NOW)).rejects.toThrow(
        "The file has more than 200,000 rows; split it into smaller files",
      );
      // Refused by counting lines, not by parsing them (seconds for 200,000 short rows).
      expect(performance.now() - started).toBeLessThan(1000);
      const rows = await parseImport(schwabHeader + row + blank.repeat(1000) + row, schwab, NOW);
      // Blank lines still number the rows as a spreadsheet does.
      expect(rows.map((parsed) => [parsed.row, parsed.outcome])).toEqual([
        [2, "trade"],
        [1003, "trade"],
      ]);
    },
  );

  it("takes a file of exactly the most rows, with or without a line break at its end", async () => {
    for (const end of ["\n", ""]) {
      const csv = schwabHeader + row.repeat(IMPORT_MAX_ROWS - 1) + row.slice(0, -1) + end;
      expect(linesExceed(csv, IMPORT_MAX_ROWS + 1)).toBe(false);
      expect(linesExceed(csv + "\n" + row, IMPORT_MAX_ROWS + 1)).toBe(true);
    }
  });

  it.each([
    ["without quotes", "a".repeat(5_000_000)],
    // A quote sends the file through csv-parse, which would look for its line ends at each character.
    ["with a quoted cell", `${"a".repeat(5_000_000)},"b"`],
  ])("reads a file that is one long line %s without taking seconds over it", async (_n, csv) => {
    // The CPU time this process spent, not the time on the clock: on a machine busy with other
    // work the clock measures the machine. Looking for line ends at each character took seconds.
    const started = process.cpuUsage();
    await expect(parseImport(csv, schwab, NOW)).rejects.toThrow(
      "This does not look like a Charles Schwab export",
    );
    const spent = process.cpuUsage(started);
    expect((spent.user + spent.system) / 1000).toBeLessThan(2000);
  });
});

describe("amounts and dates", () => {
  it.each([
    ["$2,562.00", ".", "2562"],
    ["-$1,913.75", ".", "-1913.75"],
    ["($12.50)", ".", "-12.5"],
    ["1.234,56", ",", "1234.56"],
    ["0,000001", ",", "0.000001"],
    ["12 USD", ".", "12"],
  ] as const)("reads %s with decimal separator '%s' as %s", (text, separator, value) => {
    expect(parseImportAmount(text, separator)).toEqual({ ok: true, value });
  });

  it.each([
    ["1,5", "."],
    ["1.5.5", "."],
    ["abc", "."],
    ["1e5", "."],
  ] as const)("does not guess at %s", (text, separator) => {
    expect(parseImportAmount(text, separator)).toEqual({ ok: false, reason: "unreadable" });
  });

  it("reports a price in another currency instead of reading it as dollars", () => {
    expect(parseImportAmount("€93250.12", ".")).toEqual({
      ok: false,
      reason: "currency",
      currency: "EUR",
    });
    expect(parseImportAmount("12 GBP", ".")).toEqual({
      ok: false,
      reason: "currency",
      currency: "GBP",
    });
  });

  it("honours zones and offsets", () => {
    expect(parseImportDate("2025-01-02T10:00:00+02:00", "YYYY-MM-DD")?.toISOString()).toBe(
      "2025-01-02T08:00:00.000Z",
    );
    expect(parseImportDate("2025-01-02 10:00:00 UTC", "YYYY-MM-DD")?.toISOString()).toBe(
      "2025-01-02T10:00:00.000Z",
    );
    expect(parseImportDate("1/2/2025", "MM/DD/YYYY")?.toISOString()).toBe(
      "2025-01-02T00:00:00.000Z",
    );
    expect(parseImportDate("1/2/2025", "DD/MM/YYYY")?.toISOString()).toBe(
      "2025-02-01T00:00:00.000Z",
    );
  });
});
