import {
  apiKeyMessages,
  CLIENT_LOG_CONTEXT_MAX_BYTES,
  clientLogInput,
  IMPORT_DETECT_MAX_CHARS,
  importDetectInput,
  cashMessages,
  cannotRemoveWhileHeld,
  cannotSellMoreThanCrypto,
  cannotSellMoreThanShares,
  canOnlySellUpTo,
  dateInFuture,
  dateOutOfRange,
  decimalInputMessages,
  importMappingMessages,
  zodIssueMessage,
  incomeFormMessages,
  investmentAccountMessages,
  jobsMessages,
  marketMessages,
  messages,
  NAME_MAX_LENGTH,
  NOTES_MAX_LENGTH,
  portfolioMessages,
  signInMessages,
  SYMBOL_MAX_LENGTH,
  TRADE_FEE_LABEL,
  tradeAmounts,
  transferMessages,
} from "@ledgerline/contracts";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { incomeMessages } from "../accounting/corporate-actions";
import { jobQueuesUnreachable } from "../admin/job-queues";
import { passwordResetFor, userDeleted } from "../admin/user-admin";
import { accountDeleted } from "../accounts/investment-accounts";
import {
  importJobMessages,
  importRowMessages as row,
  importRunMessages,
} from "../import/import-messages";
import { driftAlertMessage } from "../insights/drift-alert-rule";
import { alertMessage } from "../live/alert-evaluator";
import { errorIn, messageResultIn, textIn } from "./catalog";

/**
 * The contracts' texts the API answers most (sign-in, registration, passwords, trades, amounts,
 * imports): each one must be in the catalog, or a German or Spanish reader gets English.
 */
const answered: string[] = [
  ...Object.values(signInMessages),
  ...Object.entries(messages)
    .filter(
      ([name]) =>
        !/^(failedTo(Load|Delete|Reset|Fetch)|confirm|session|resetLink|registeredUsers)/.test(
          name,
        ),
    )
    .filter(([name]) => name !== "textHasNulCharacter")
    .map(([, text]) => text),
  ...Object.values(portfolioMessages).filter(
    (text) => !/^(Failed to (load|fetch|update)|Are you sure)/.test(text),
  ),
  ...Object.values(tradeAmounts).flatMap(({ label, positiveMessage }) => [
    positiveMessage,
    decimalInputMessages.notANumber(label),
    decimalInputMessages.plainDigits(label),
    decimalInputMessages.tooLarge(label),
    decimalInputMessages.tooSmall(label),
    decimalInputMessages.tooManyPlaces(label, 8),
    decimalInputMessages.notNegative(label),
  ]),
  cannotSellMoreThanShares("2.5"),
  cannotSellMoreThanCrypto("0.5", "BTC"),
  canOnlySellUpTo("3", "ETH"),
  cannotRemoveWhileHeld("AAPL"),
  importMappingMessages.columnMissing("Quantity"),
  ...Object.values(importJobMessages),
  jobsMessages.notFound,
  jobsMessages.retried,
  jobsMessages.removed,
  // Admin, market, accounts, cash, transfers and income.
  jobQueuesUnreachable,
  userDeleted("ex@example.com"),
  passwordResetFor("ex@example.com"),
  ...Object.entries(marketMessages)
    // The market's states are data (marketStatus), which the web names from its own messages.
    .filter(([name]) => !name.startsWith("market"))
    .map(([, text]) => text),
  ...Object.values(investmentAccountMessages),
  accountDeleted,
  ...Object.entries(cashMessages)
    .filter(([name]) => name !== "dateLabel")
    .map(([, text]) => text),
  ...["The date", "The ex-date", "The pay date", "Transfer date", "Purchase date"].flatMap(
    (label) => [dateInFuture(label), dateOutOfRange(label)],
  ),
  dateOutOfRange("Statement date"),
  dateOutOfRange("The expiry"),
  transferMessages.sameAccount,
  transferMessages.dateInFuture,
  transferMessages.exceedsHolding("2.5", "AAPL", "2026-03-02"),
  transferMessages.tooManyHoldings,
  transferMessages.holdingListedTwice("AAPL"),
  ...Object.values(incomeMessages),
  incomeFormMessages.payDateBeforeExDate,
  ...importRowTexts(),
  // The import run's refusals that quote the file (its error rows, another source's file).
  importRunMessages.rowsHaveErrors(1),
  importRunMessages.rowsHaveErrors(3),
  importRunMessages.errorRow(12, row.dateInFuture),
  ...["a Ledgerline CSV export", "a Charles Schwab export", "a Coinbase export"].flatMap(
    (format) => [
      importRunMessages.notThisFormat(format, ["Date"]),
      importRunMessages.notThisFormat(format, ["Date", "Fees & Comm"]),
    ],
  ),
  ...zodTexts(),
  ...alertTexts(),
];

/** zod's own messages (contracts' zod-messages.ts), each form once, from schemas as a door runs them. */
function zodTexts(): string[] {
  const schema = z.strictObject({
    ...{ symbol: z.string(), page: z.int().min(1), whole: z.int(), count: z.number() },
    open: z.boolean(),
    ...{ filter: z.object({}), list: z.array(z.string()), date: z.date(), missing: z.string() },
    ...{ tags: z.array(z.string()).max(2), few: z.array(z.string()).min(2) },
    ...{ name: z.string().max(3), code: z.string().min(3), title: z.string().min(1) },
    ...{
      side: z.enum(["buy", "sell"]),
      kind: z.literal("stock"),
      either: z.union([z.string(), z.int()]),
    },
    ...{ at: z.iso.datetime(), day: z.iso.date(), time: z.iso.time(), email: z.email() },
    ...{ url: z.url(), id: z.uuid(), b64: z.base64(), b64u: z.base64url(), jwt: z.jwt() },
    ...{ pattern: z.string().regex(/^a$/), step: z.number().multipleOf(5) },
    ...{ below: z.number().lt(5), above: z.number().gt(5), most: z.number().max(5) },
    ...{
      keys: z.record(z.string().min(2), z.string()),
      entries: z.map(z.string(), z.string()).max(1),
    },
  });
  const wrong = {
    ...{ symbol: 5, page: 0, whole: 1.5, count: "x", open: "yes", filter: 1, list: "x" },
    date: "x",
    ...{ tags: ["a", "b", "c"], few: ["a"], name: "abcd", code: "ab", title: "" },
    ...{ side: "x", kind: "x", either: true, at: "now", day: "x", time: "x", email: "x" },
    ...{ url: "x", id: "x", b64: "!!", b64u: "!!", jwt: "x", pattern: "b", step: 7 },
    ...{
      below: 5,
      above: 5,
      most: 6,
      keys: { a: "x" },
      entries: new Map([
        ["a", "b"],
        ["c", "d"],
      ]),
    },
    extra: 1,
  };
  const messagesOf = (type: z.ZodType, input: unknown) =>
    type.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];
  const texts = [
    ...messagesOf(schema, wrong),
    ...messagesOf(z.object({}), undefined),
    ...messagesOf(z.string(), 1),
    zodIssueMessage({ code: "too_big", origin: "file", maximum: 10, input: 0, path: ["f"] }),
    zodIssueMessage({
      code: "invalid_element",
      origin: "map",
      issues: [],
      key: 1,
      input: 0,
      path: ["m"],
    }),
  ];
  // Every form once (38 of them): a schema here that raised none would shrink the table unseen.
  expect(new Set(texts).size).toBe(38);
  return texts;
}

/** The bell's (and its toast's) stored alert texts: each condition, each mix and side, a note. */
function alertTexts(): string[] {
  const price = { symbol: "BTC", value: "85000", note: null };
  const drift = { key: "tech", label: "Information Technology", target: "0.5", actual: "0.625" };
  return [
    ...(["above", "below", "move"] as const).map((condition) =>
      alertMessage({ ...price, condition }, "86733.97", 2),
    ),
    alertMessage({ ...price, condition: "above", note: "take profit" }, "86733.97", 2),
    ...(["assetClass", "sector", "symbol"] as const).flatMap((by) =>
      ["0.125", "-0.125"].map((difference) =>
        driftAlertMessage({ by, points: "5" }, { ...drift, difference }),
      ),
    ),
  ];
}

/** The import preview's row texts (200 answers, not refusals), each form of each once. */
function importRowTexts(): string[] {
  const cashKinds = ["deposit", "withdrawal", "interest", "fee", "tax"] as const;
  const texts = Object.values(row).filter((text) => typeof text === "string");
  return [
    ...texts,
    row.priceNotUsd("EUR"),
    ...["Quantity", "Price", "Amount"].flatMap((label) => [
      row.cellMissing(label),
      row.cellNotANumber(label, "12 abc"),
      row.notPositive(label, "-5"),
      row.tooManyPlaces(label, "1.234", 3, true, 2),
      row.tooManyPlaces(label, "0.123456789", 9, false, 8),
    ]),
    row.feesNotUsd("EUR"),
    row.feesNotANumber("n/a"),
    row.dateUnreadable("13/13/2024", "MM/DD/YYYY"),
    row.assetTypeUnknown("BOND"),
    row.symbolInvalid("$$$"),
    row.cashNotUsd("Wire Received", "EUR"),
    row.cashNotUsd("Deposit", ""),
    row.cashAmountNotUsd("EUR"),
    row.refund("fee"),
    row.refund("tax"),
    ...cashKinds.flatMap((kind) => [row.cash(kind, "1.12"), row.cashRecorded(kind, "2024-02-01")]),
    row.actionNotImported("Wire"),
    row.actionSkipped("Send"),
    row.unknownSymbol("SCHD", true),
    row.unknownSymbol("XYZ", false),
    row.symbolUnconfirmed("AAPL"),
    row.calendarUnreadable("AAPL"),
    row.splitNotInCalendar("AAPL", "2024-06-10"),
    row.splitApplied("NVDA's 10-for-1 split of 2024-06-10"),
    row.splitApplied("GE's 1-for-8 reverse split of 2021-08-02"),
    row.splitMatches("NVDA's 10-for-1 split of 2024-06-10"),
    row.splitMatches("GE's 1-for-8 reverse split of 2021-08-02"),
    row.dividendRecorded("MSFT", "2025-09-11"),
    row.dividendNoneHeld("MSFT", "2025-09-11"),
    row.dividendTooSmall("0.01", "1000000", "MSFT"),
    row.income("20.75", "25", "MSFT", "2025-09-11", false),
    row.income("20.75", "25", "MSFT", "2025-09-11", true),
    row.sellAboveHeldThen("5", "AAPL", "1", "2024-01-02"),
    row.sellAboveHeldThen("5", "AAPL", "2", "2024-01-02"),
    row.sellAboveHeldNow("5", "AAPL", "2"),
    // The checks an import shares with a trade typed by hand.
    ...["Amount", TRADE_FEE_LABEL].flatMap((label) => [
      decimalInputMessages.notANumber(label),
      decimalInputMessages.tooLarge(label),
      decimalInputMessages.tooManyPlaces(label, 8),
      decimalInputMessages.notNegative(label),
    ]),
  ];
}

describe("the API's texts in the catalog", () => {
  it.each(["de", "es"] as const)("has each text the API answers most in %s", (language) => {
    const untranslated = answered.filter((text) => textIn(text, language) === text);
    expect(untranslated).toEqual([]);
  });

  it("keeps English as it is, and a text it lacks in English", () => {
    for (const text of answered) expect(textIn(text, "en")).toBe(text);
    expect(textIn("Some text no catalog holds", "de")).toBe("Some text no catalog holds");
  });

  it("puts values into the text, and a value that is a term of its own into the language", () => {
    expect(textIn(cannotSellMoreThanCrypto("0.5", "BTC"), "de")).toBe(
      "Sie können nicht mehr als 0.5 BTC verkaufen; setzen Sie die Menge auf 0.5",
    );
    expect(textIn(decimalInputMessages.positive("Sell price"), "es")).toBe(
      "Precio de venta debe ser mayor que 0",
    );
    // A repeated placeholder must hold the same value twice.
    expect(textIn("Cannot sell more than 0.5 BTC, set Quantity to 0.4", "de")).toBe(
      "Cannot sell more than 0.5 BTC, set Quantity to 0.4",
    );
  });

  it("tells a reverse split and a calendar's dividend from the plain ones whose English they extend", () => {
    // Their keys sort first: the plain texts' templates would match these texts too.
    expect(textIn(row.splitMatches("GE's 1-for-8 reverse split of 2021-08-02"), "de")).toMatch(
      /^Entspricht dem Reverse-Split 1:8 von GE vom 2021-08-02 /,
    );
    expect(textIn(row.splitApplied("NVDA's 10-for-1 split of 2024-06-10"), "es")).toMatch(
      /^Ya aplicado: el split de 10 por 1 de NVDA del 2024-06-10 /,
    );
    expect(textIn(row.income("20.75", "25", "MSFT", "2025-09-11", true), "de")).toBe(
      "Ertrag: 20.75 USD auf 25 MSFT (Ex-Tag 2025-09-11, die Dividende aus dem Kalender der Kapitalmaßnahmen), als Dividende erfasst",
    );
    expect(textIn(row.cellNotANumber("Fees", "n/a"), "de")).toBe('Gebühren "n/a" ist keine Zahl');
  });

  it("leaves a value quoted from the user's file as written, even one that is a term", () => {
    expect(textIn(row.actionNotImported("Fee"), "de")).toBe(
      'Die Aktion "Fee" wird nicht importiert (importiert werden Kauf, Verkauf, Dividende, Split sowie Ein- und Auszahlungen)',
    );
    expect(textIn(row.actionSkipped("Amount"), "es")).toBe(
      'La acción "Amount" está configurada para omitirse',
    );
    expect(textIn(row.cellNotANumber("Quantity", "Total"), "de")).toBe(
      'Menge "Total" ist keine Zahl',
    );
    expect(textIn(row.cashNotUsd("Fee", "EUR"), "es")).toMatch(/^"Fee" en EUR: /);
    expect(textIn(row.symbolInvalid("Price"), "de")).toBe('"Price" ist kein gültiges Symbol');
    expect(textIn(row.assetTypeUnknown("Value"), "de")).toMatch(/^Der Anlagetyp "Value" /);
    expect(textIn(row.dateUnreadable("Date", "MM/DD/YYYY"), "de")).toMatch(/^Das Datum "Date" /);
  });

  it("names a drift alert's slice in the language, and leaves a user's value equal to one alone", () => {
    const drift = { key: "tech", target: "0.5", actual: "0.625", difference: "0.125" };
    const sector = { ...drift, label: "Information Technology" };
    expect(textIn(driftAlertMessage({ by: "sector", points: "5" }, sector), "de")).toMatch(
      /^Ihre Aufteilung nach Sektoren ist abgewichen: Informationstechnologie liegt bei /,
    );
    const cash = { ...drift, label: "Cash" };
    expect(textIn(driftAlertMessage({ by: "assetClass", points: "5" }, cash), "es")).toMatch(
      /: Efectivo está en /,
    );
    expect(
      textIn(driftAlertMessage({ by: "symbol", points: "5" }, { ...drift, label: "AAPL" }), "de"),
    ).toMatch(/: AAPL liegt bei /);
    expect(textIn("Hello Cash,", "de")).toBe("Hallo Cash,");
    expect(textIn("Cash", "de")).toBe("Cash");
  });

  it("says an error row's own text inside its line, and the source a file does not look like", () => {
    expect(textIn(importRunMessages.errorRow(15, row.notPositive("Quantity", "-5")), "de")).toBe(
      "Zeile 15: Menge muss größer als 0 sein (Wert: -5)",
    );
    expect(textIn(importRunMessages.errorRow(7, "Some text no catalog holds"), "es")).toBe(
      "Fila 7: Some text no catalog holds",
    );
    expect(textIn(importRunMessages.notThisFormat("a Coinbase export", ["Timestamp"]), "es")).toBe(
      'Esto no parece una exportación de Coinbase: no tiene la columna "Timestamp". Vuelve a elegir el origen del archivo.',
    );
  });

  it("says zod's messages in the language, the field's path as written", () => {
    const [symbol, page, name] = [
      "symbol must be text",
      "page must be at least 1",
      "name must have at most 3 characters",
    ];
    expect(zodTexts()).toEqual(expect.arrayContaining([symbol, page, name]));
    expect(textIn(symbol, "de")).toBe("symbol muss Text sein");
    expect(textIn(name, "es")).toBe("name puede tener como máximo 3 caracteres");
    // One of a unit is said as one.
    const one = z.object({ tags: z.array(z.string()).max(1) }).safeParse({ tags: ["a", "b"] });
    const tag = one.error?.issues[0]?.message ?? "";
    expect(tag).toBe("tags must have at most 1 item");
    expect(textIn(tag, "de")).toBe("tags darf höchstens 1 Eintrag haben");
    expect(textIn(tag, "es")).toBe("tags puede tener como máximo 1 elemento");
    expect(textIn(page, "de")).toBe("page muss mindestens 1 betragen");
    expect(textIn("side must be one of buy, sell", "de")).toBe(
      "side muss einer dieser Werte sein: buy, sell",
    );
    // A path is not a term even where one has its words; the whole input is one.
    expect(textIn("items must have at most 2 items", "de")).toBe(
      "items darf höchstens 2 Einträge haben",
    );
    expect(textIn("The input must be an object", "es")).toBe("El dato enviado debe ser un objeto");
    expect(textIn("cashTracked must be true or false", "de")).toBe(
      "cashTracked muss true oder false sein",
    );
    // The amounts' templates, whose words zod's say too, go on saying theirs.
    expect(textIn("price must be a number", "de")).toBe("price muss eine Zahl sein");
    expect(textIn("limit must be at most 5", "de")).toBe("limit darf höchstens 5 betragen");
    // A schema's own "at most N characters", which the amounts' "{label} must be at most
    // {limit}" would take with "N characters" left English, has its key.
    const tooLong = [
      `Notes must be at most ${NOTES_MAX_LENGTH} characters`,
      `symbol must be at most ${SYMBOL_MAX_LENGTH} characters`,
      `Name must be at most ${NAME_MAX_LENGTH} characters long`,
      apiKeyMessages.nameTooLong,
    ];
    // And two whose limit is followed by more words, as the schemas say them.
    const detected = importDetectInput.safeParse({ csv: "x".repeat(IMPORT_DETECT_MAX_CHARS + 1) });
    const logged = clientLogInput.shape.context.safeParse({
      text: "x".repeat(CLIENT_LOG_CONTEXT_MAX_BYTES),
    });
    const followed = [detected, logged].map((result) => result.error?.issues[0]?.message ?? "");
    expect(followed).not.toContain("");
    for (const language of ["de", "es"] as const)
      expect(followed.map((text) => textIn(text, language))).not.toContainEqual(
        expect.stringMatching(/characters|must|bytes of|first lines/),
      );
    for (const language of ["de", "es"] as const)
      expect(tooLong.map((text) => textIn(text, language))).not.toContainEqual(
        expect.stringMatching(/characters/),
      );
    // A sentence whose subject has spaces is no field's: it stays as the catalog has it.
    expect(textIn("The import file is not valid", "de")).toBe("The import file is not valid");
  });

  it("writes an error's issues each in the language, and their joined message", () => {
    const body = {
      message: `${messages.emailInvalid}; ${messages.passwordTooShort}`,
      code: "BAD_REQUEST",
      issues: [
        { path: "email", message: messages.emailInvalid },
        { path: "password", message: messages.passwordTooShort },
        { path: "confirm", message: messages.passwordTooShort },
      ],
    };
    expect(errorIn(body, "de")).toEqual({
      message:
        "Geben Sie eine gültige E-Mail-Adresse ein; Das Passwort muss mindestens 6 Zeichen lang sein",
      code: "BAD_REQUEST",
      issues: [
        { path: "email", message: "Geben Sie eine gültige E-Mail-Adresse ein" },
        { path: "password", message: "Das Passwort muss mindestens 6 Zeichen lang sein" },
        { path: "confirm", message: "Das Passwort muss mindestens 6 Zeichen lang sein" },
      ],
    });
    expect(errorIn(body, "en")).toBe(body);
  });

  it("says a { message } answer in the language and leaves other answers alone", () => {
    expect(messageResultIn({ message: messages.passwordUpdated }, "es")).toEqual({
      message: "Contraseña cambiada",
    });
    const trade = { message: messages.passwordUpdated, id: 4 };
    expect(messageResultIn(trade, "es")).toBe(trade);
  });
});
