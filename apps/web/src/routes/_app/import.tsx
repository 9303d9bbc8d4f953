import {
  assetKinds,
  cashActivityLabels,
  IMPORT_DETECT_MAX_CHARS,
  importMappingMessages,
  importRequiredColumns,
} from "@ledgerline/contracts/browser";
import type {
  AssetKind,
  ImportDateFormat,
  ImportDetection,
  ImportMappingInput,
  ImportPreview,
  ImportPreviewRow,
  ImportResult,
  ImportSource,
  InvestmentAccount,
} from "@ledgerline/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { useForm, useSelector } from "@tanstack/react-form";
import { useState, type DragEvent } from "react";
import { Plus } from "lucide-react";
import { accountChoice, useAccounts } from "../../components/accounts/accounts";
import { RouteError } from "../../components/RouteStates";
import { Alert } from "../../components/ui/Alert";
import { Badge } from "../../components/ui/Badge";
import { Button, buttonClass } from "../../components/ui/Button";
import { Card } from "../../components/ui/Card";
import { Field } from "../../components/ui/Field";
import { PageHeader } from "../../components/ui/PageHeader";
import {
  boundSelect,
  enumOptions,
  SelectField,
  type SelectOption,
} from "../../components/ui/SelectField";
import { errorMessage } from "../../lib/errors";
import { textInput } from "../../lib/form";
import { newIdempotencyKey, RequestKeys } from "../../lib/idempotency-key";
import { notify } from "../../lib/notify";
import {
  formatCalendarDate,
  formatCurrency,
  formatDateTime,
  formatPrice,
  formatQuantity,
} from "../../lib/format";
import { titled } from "../../lib/head";
import {
  ImportLoading,
  importSubtitle,
  importTitle,
  ToHistory,
} from "../../components/loading/FormPagesLoading";
import { trpc } from "../../lib/trpc";
import { fileHead, headerColumns } from "./import/-components/guess-mapping";
import { SavedMappings } from "./import/-components/SavedMappings";
import { UntrackedCashWarning } from "./import/-components/UntrackedCashWarning";
import { importAccount, sourceAccountOffer } from "./import/-components/import-account";

export const Route = createFileRoute("/_app/import")({
  head: titled("Import"),
  pendingComponent: ImportLoading,
  component: ImportPage,
  // The generic panel: a title shared with the page would be pulled into the first bundle.
  errorComponent: RouteError,
});

const sources: SelectOption<ImportSource>[] = [
  { value: "schwab", label: "Charles Schwab" },
  { value: "coinbase", label: "Coinbase" },
  { value: "ledgerline", label: "Ledgerline CSV export" },
  { value: "generic", label: "Other CSV" },
];

const separators: SelectOption<MappingState["delimiter"]>[] = [
  { value: ",", label: "Comma (,)" },
  { value: ";", label: "Semicolon (;)" },
  { value: "\t", label: "Tab" },
];

const decimalSeparators: SelectOption<MappingState["decimalSeparator"]>[] = [
  { value: ".", label: "Point (1,234.56)" },
  { value: ",", label: "Comma (1.234,56)" },
];

const assetTypes = enumOptions(assetKinds, { STOCK: "Stocks" });

const dateFormats: SelectOption<ImportDateFormat>[] = [
  { value: "YYYY-MM-DD", label: "YYYY-MM-DD" },
  { value: "MM/DD/YYYY", label: "MM/DD/YYYY" },
  { value: "DD/MM/YYYY", label: "DD/MM/YYYY" },
  { value: "DD.MM.YYYY", label: "DD.MM.YYYY" },
];

/**
 * Which date format the file's first rows gave, said under the select that changes it; nothing
 * when they read more than one way (a warning above says so) or nothing was guessed.
 */
function dateFormatHint(detected: ImportDetection | null): string | undefined {
  if (detected?.source !== "generic" || !detected.dateFormatCertain) return undefined;
  return `Guessed from the file's first rows: ${detected.mapping.dateFormat}.`;
}

type ColumnField = keyof ImportMappingInput["columns"];
const columnFields: { field: ColumnField; label: string; required: boolean }[] = [
  { field: "date", label: "Date column", required: true },
  { field: "symbol", label: "Symbol column", required: true },
  { field: "action", label: "Action column", required: true },
  { field: "quantity", label: "Quantity column", required: true },
  { field: "price", label: "Price column", required: true },
  { field: "fees", label: "Fees column", required: false },
  { field: "amount", label: "Amount column (a dividend's or a cash row's total)", required: false },
  { field: "notes", label: "Notes column", required: false },
  { field: "currency", label: "Currency column", required: false },
  { field: "assetType", label: "Asset type column", required: false },
];
type ActionKind = keyof ImportMappingInput["actions"];
const actionKinds: { kind: ActionKind; label: string; hint?: string }[] = [
  { kind: "buy", label: "Buy values" },
  { kind: "sell", label: "Sell values" },
  { kind: "dividend", label: "Dividend values" },
  { kind: "split", label: "Split values" },
  {
    kind: "deposit",
    label: "Deposit values",
    hint: "Cash in; a row with a negative amount is a withdrawal",
  },
  { kind: "withdrawal", label: "Withdrawal values", hint: "Cash out" },
  { kind: "interest", label: "Interest values", hint: "Interest paid on cash" },
  { kind: "fee", label: "Fee values", hint: "Account fees, not a trade's commission" },
  { kind: "tax", label: "Tax withheld values" },
  { kind: "skip", label: "Skip values" },
];
const noActions = Object.fromEntries(actionKinds.map(({ kind }) => [kind, ""])) as Record<
  ActionKind,
  string
>;

type RequiredColumn = keyof typeof importRequiredColumns;
const isRequired = (field: ColumnField): field is RequiredColumn => field in importRequiredColumns;

interface MappingState {
  delimiter: "," | ";" | "\t";
  decimalSeparator: "." | ",";
  dateFormat: ImportDateFormat;
  assetType: AssetKind;
  columns: Partial<Record<ColumnField, string>>;
  actions: Record<ActionKind, string>;
}

/** Before a file is chosen: nothing is mapped (the form shows only once there is a file). */
const noMapping: MappingState = {
  delimiter: ",",
  decimalSeparator: ".",
  dateFormat: "YYYY-MM-DD",
  assetType: "STOCK",
  columns: {},
  actions: noActions,
};

/** The required columns a mapping leaves unchosen, each with the message naming it. */
function missingColumns(state: MappingState): Partial<Record<ColumnField, string>> {
  return Object.fromEntries(
    (Object.keys(importRequiredColumns) as RequiredColumn[])
      .filter((field) => !state.columns[field])
      .map((field) => [field, importMappingMessages.columnMissing(importRequiredColumns[field])]),
  );
}

function mappingInput(state: MappingState): ImportMappingInput {
  const list = (text: string) =>
    text
      .split(",")
      .map((value) => value.trim())
      .filter((value) => value !== "");
  return {
    delimiter: state.delimiter,
    decimalSeparator: state.decimalSeparator,
    dateFormat: state.dateFormat,
    assetType: state.assetType,
    columns: {
      date: state.columns.date ?? "",
      symbol: state.columns.symbol ?? "",
      action: state.columns.action ?? "",
      quantity: state.columns.quantity ?? "",
      price: state.columns.price ?? "",
      ...Object.fromEntries(
        (["fees", "amount", "notes", "currency", "assetType"] as const)
          .filter((field) => state.columns[field])
          .map((field) => [field, state.columns[field]]),
      ),
    },
    actions: Object.fromEntries(actionKinds.map(({ kind }) => [kind, list(state.actions[kind])])),
  };
}

/**
 * A saved mapping, or the server's guess from the file's first lines, back into the form's state
 * (action lists as the comma-separated text typed).
 */
function mappingState(mapping: ImportMappingInput | ImportDetection["mapping"]): MappingState {
  const text = (values: readonly string[] | undefined) => (values ?? []).join(", ");
  return {
    delimiter: mapping.delimiter ?? ",",
    decimalSeparator: mapping.decimalSeparator ?? ".",
    dateFormat: mapping.dateFormat ?? "YYYY-MM-DD",
    assetType: mapping.assetType ?? "STOCK",
    columns: { ...mapping.columns },
    actions: Object.fromEntries(
      actionKinds.map(({ kind }) => [kind, text(mapping.actions[kind])]),
    ) as Record<ActionKind, string>,
  };
}

const outcomeTones = {
  trade: "gain",
  income: "info",
  split: "info",
  cash: "info",
  duplicate: "neutral",
  skipped: "warn",
  error: "loss",
} as const;

function ImportPage() {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [source, setSource] = useState<ImportSource>("schwab");
  const accounts = useAccounts();
  // The account the trades and dividends go into: the default one until another is chosen.
  const [chosenAccount, setChosenAccount] = useState<number>();
  const into = importAccount(chosenAccount, accounts);
  // A file from Schwab or Coinbase may go into an account of its own, made here.
  const offer = file ? sourceAccountOffer(source, accounts) : undefined;
  const [createKeys] = useState(() => new RequestKeys());
  const creating = useMutation(
    trpc.investmentAccounts.create.mutationOptions({
      onSuccess: async (account) => {
        notify.success(`Added account ${account.name}`);
        setChosenAccount(account.id);
        setPreview(null);
        await queryClient.invalidateQueries(trpc.investmentAccounts.list.pathFilter());
      },
      onError: (failure) => notify.error(errorMessage(failure, "The account could not be added")),
    }),
  );
  // What the server read from the file's first lines: its source, or a first guess at a mapping.
  const [detected, setDetected] = useState<ImportDetection | null>(null);
  // Unchosen required columns are pointed out once Preview was pressed without them.
  const [checkColumns, setCheckColumns] = useState(false);
  const mappingForm = useForm({ defaultValues: noMapping });
  const mapping = useSelector(mappingForm.store, (state) => state.values);
  // New values (a file's guess, a saved mapping) keep the defaults: new defaults would be taken
  // back into the untouched form on the next render.
  const remap = (next: MappingState) => mappingForm.reset(next, { keepDefaultValues: true });
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  // One key per preview shown: pressing Import again after a lost answer imports it once.
  const [importKey, setImportKey] = useState(newIdempotencyKey);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [dragging, setDragging] = useState(false);

  const detecting = useMutation(trpc.import.detect.mutationOptions());
  const previewing = useMutation(trpc.import.preview.mutationOptions());
  const importing = useMutation(trpc.import.run.mutationOptions());

  async function choose(chosen: File | undefined) {
    if (!chosen) return;
    const text = await chosen.text();
    setFile({ name: chosen.name, text });
    remap(noMapping);
    setDetected(null);
    setCheckColumns(false);
    setPreview(null);
    setResult(null);
    detecting.mutate(
      { csv: fileHead(text, IMPORT_DETECT_MAX_CHARS) },
      {
        onSuccess: (answer) => {
          setDetected(answer);
          setSource(answer.source);
          remap(mappingState(answer.mapping));
        },
      },
    );
  }

  const missing = source === "generic" && file ? missingColumns(mapping) : {};

  const request = () => ({
    source,
    csv: file?.text ?? "",
    ...(into ? { accountId: into.id } : {}),
    ...(source === "generic" && file ? { mapping: mappingInput(mapping) } : {}),
  });

  function runPreview() {
    setResult(null);
    if (Object.keys(missing).length > 0) {
      setCheckColumns(true);
      return;
    }
    previewing.mutate(request(), {
      onSuccess: (answer) => {
        setPreview(answer);
        setImportKey(newIdempotencyKey());
      },
    });
  }

  function runImport() {
    importing.mutate(
      { ...request(), skipInvalid: true, idempotencyKey: importKey },
      {
        onSuccess: (answer) => {
          setResult(answer);
          void queryClient.invalidateQueries();
        },
      },
    );
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    void choose(event.dataTransfer.files[0]);
  }

  const header = file ? headerColumns(file.text, mapping.delimiter) : [];
  const columnOptions: SelectOption<string>[] = [
    { value: "", label: "(none)" },
    ...header.map((column) => ({ value: column, label: column })),
  ];

  return (
    <div className="space-y-6">
      <PageHeader title={importTitle} subtitle={importSubtitle} actions={<ToHistory />} />

      <Card className="space-y-4 p-6">
        <h2 className="text-lg font-semibold">1. Choose the file</h2>
        <div
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={`rounded-lg border-2 border-dashed p-6 text-center ${dragging ? "border-focus bg-info-bg" : "border-border"}`}
        >
          <p className="mb-3 text-muted">Drop a CSV file here, or choose one.</p>
          <label className="block text-sm font-medium">
            CSV file
            <input
              type="file"
              accept=".csv,text/csv"
              // The browser's own picker button, dressed as our secondary button.
              className="mx-auto mt-2 block text-sm text-muted file:mr-3 file:h-10 file:cursor-pointer file:rounded-md file:border file:border-border file:bg-surface file:px-4 file:text-sm file:font-medium file:text-text hover:file:bg-surface-muted"
              onChange={(event) => void choose(event.target.files?.[0])}
            />
          </label>
          {file && <p className="mt-3 text-sm">Chosen: {file.name}</p>}
        </div>
        <div className="max-w-md space-y-1">
          <SelectField
            label="Source"
            value={source}
            options={sources}
            onChange={(value) => {
              setSource(value);
              setPreview(null);
            }}
            // Until the header is read: its answer would undo a choice made meanwhile.
            disabled={detecting.isPending}
            className="max-w-xs"
          />
          <p className="text-sm text-muted" aria-live="polite">
            {detecting.isPending
              ? "Reading the file's header..."
              : detected && detected.source === source
                ? detected.source === "generic"
                  ? "No known export has this header: map its columns below (a first guess is filled in)."
                  : `Detected from the file's header: ${sources.find((option) => option.value === source)?.label}.`
                : null}
          </p>
        </div>
        {into && (
          <div className="flex flex-wrap items-end gap-3">
            <SelectField
              label="Into account"
              value={String(into.id)}
              options={accounts.map(accountChoice)}
              onChange={(value) => {
                setChosenAccount(Number(value));
                setPreview(null);
              }}
              hint="The trades, dividends and cash go into this account; duplicates are checked against it."
              className="w-full max-w-xs"
            />
            {offer && (
              <Button
                variant="secondary"
                busy={creating.isPending}
                onClick={() => {
                  if (creating.isPending) return;
                  const input = { ...offer };
                  creating.mutate({ ...input, idempotencyKey: createKeys.keyFor(input) });
                }}
              >
                <Plus aria-hidden="true" className="h-4 w-4" />
                Create a {offer.name} account
              </Button>
            )}
          </div>
        )}
      </Card>

      {source === "generic" && file && (
        <Card className="space-y-4 p-6">
          <h2 className="text-lg font-semibold">2. Map the columns</h2>
          <p className="text-sm text-muted">
            Guessed from the file's header and first rows; correct what is wrong, or apply a mapping
            you saved.
          </p>
          {detected?.source === "generic" && !detected.dateFormatCertain && (
            <Alert tone="warning">
              The file's dates read more than one way (as 03/04/2025 does): check the date format.
            </Alert>
          )}
          <SavedMappings
            current={() => mappingInput(mapping)}
            onApply={(saved) => {
              remap(mappingState(saved));
              setPreview(null);
            }}
          />
          <div className="grid gap-4 sm:grid-cols-3">
            <mappingForm.Field name="delimiter">
              {boundSelect("Separator", separators)}
            </mappingForm.Field>
            <mappingForm.Field name="decimalSeparator">
              {boundSelect("Decimal separator", decimalSeparators)}
            </mappingForm.Field>
            <mappingForm.Field name="dateFormat">
              {boundSelect("Date format", dateFormats, dateFormatHint(detected))}
            </mappingForm.Field>
            {columnFields.map(({ field: column, label }) => (
              <mappingForm.Field key={column} name={`columns.${column}`}>
                {(field) => (
                  <SelectField
                    label={label}
                    value={field.state.value ?? ""}
                    options={columnOptions}
                    onChange={(chosen) => field.handleChange(chosen || undefined)}
                    error={checkColumns && isRequired(column) ? missing[column] : null}
                  />
                )}
              </mappingForm.Field>
            ))}
            <mappingForm.Field name="assetType">
              {boundSelect("Rows are (without an asset type column)", assetTypes)}
            </mappingForm.Field>
            {actionKinds.map(({ kind, label, hint }) => (
              <mappingForm.Field key={kind} name={`actions.${kind}`}>
                {(field) => (
                  <Field
                    label={label}
                    hint={`Comma-separated action values${hint ? `. ${hint}` : ""}`}
                    {...textInput(field)}
                  />
                )}
              </mappingForm.Field>
            ))}
          </div>
        </Card>
      )}

      <div className="flex flex-wrap gap-2">
        <Button onClick={runPreview} disabled={!file} busy={previewing.isPending}>
          Preview
        </Button>
      </div>
      {checkColumns && Object.keys(missing).length > 0 && (
        <Alert tone="error">{Object.values(missing)[0]}</Alert>
      )}
      {previewing.error && (
        <Alert tone="error">{errorMessage(previewing.error, "The preview failed")}</Alert>
      )}

      {preview && !result && (
        <PreviewPanel
          preview={preview}
          account={into}
          importing={importing.isPending}
          onImport={runImport}
          error={importing.error ? errorMessage(importing.error, "The import failed") : null}
        />
      )}
      {result && preview && (
        <ResultPanel
          result={result}
          rows={preview.rows}
          account={accounts.length > 1 ? into : undefined}
        />
      )}
    </div>
  );
}

function PreviewPanel({
  preview,
  account,
  importing,
  onImport,
  error,
}: {
  preview: ImportPreview;
  account: InvestmentAccount | undefined;
  importing: boolean;
  onImport: () => void;
  error: string | null;
}) {
  const { summary } = preview;
  const counts: [string, number][] = [
    ["Trades", summary.trades],
    ["Income", summary.income],
    ["Splits", summary.splits],
    ["Cash", summary.cash],
    ["Duplicates", summary.duplicates],
    ["Skipped", summary.skipped],
    ["Errors", summary.errors],
  ];
  return (
    <Card className="space-y-4 p-6">
      <h2 className="text-lg font-semibold">Preview</h2>
      <dl className="grid grid-cols-3 gap-3 sm:grid-cols-4 lg:grid-cols-7" aria-label="Summary">
        {counts.map(([label, count]) => (
          <div key={label} className="rounded-md border border-border p-3 text-center">
            <dt className="text-sm text-muted">{label}</dt>
            <dd className="text-xl font-semibold">{count}</dd>
          </div>
        ))}
      </dl>
      {summary.errors > 0 && (
        <Alert tone="warning">
          Rows with errors are left out of the import. Fix the file or the mapping and preview again
          to include them.
        </Alert>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          onClick={onImport}
          busy={importing}
          disabled={summary.trades + summary.income + summary.cash === 0}
        >
          {importLabel(summary)}
        </Button>
        {summary.splits > 0 && (
          <span className="text-sm text-muted">
            Splits are applied from the corporate-actions calendar, never twice.
          </span>
        )}
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      <UntrackedCashWarning account={account} cashRows={preview.summary.cash} />
      <CashSummary cash={preview.cash} />
      <div
        // Focusable, so the keyboard can scroll it on a narrow screen.
        tabIndex={0}
        role="region"
        aria-label="The file's rows"
        className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-primary"
      >
        <table className="w-full text-sm">
          <caption className="sr-only">What each row of the file becomes</caption>
          <thead>
            <tr className="border-b border-border text-left">
              {previewHeadings.map((heading) => (
                <th
                  key={heading}
                  scope="col"
                  className={`px-2 py-2 font-semibold ${numericHeadings.has(heading) ? "text-right" : ""}`}
                >
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {preview.rows.slice(0, 1000).map((row) => (
              <PreviewRow key={row.row} row={row} />
            ))}
          </tbody>
        </table>
        {preview.rows.length > 1000 && (
          <p className="mt-2 text-sm text-muted">
            The first 1,000 of {preview.rows.length.toLocaleString("en-US")} rows are shown.
          </p>
        )}
      </div>
    </Card>
  );
}

const previewHeadings = [
  "Row",
  "Outcome",
  "Type",
  "Symbol",
  "Quantity",
  "Price",
  "Amount",
  "Date",
  "Reason",
] as const;
const numericHeadings = new Set<string>(["Quantity", "Price", "Amount"]);

const counted = (count: number, one: string, many: string) =>
  `${count} ${count === 1 ? one : many}`;

/** "Import 6 trades, 2 dividends and 2 cash activities": what the button writes (no "0 trades"). */
function importLabel(summary: ImportPreview["summary"]): string {
  const parts: string[] = [];
  if (summary.trades > 0 || summary.income + summary.cash === 0) {
    parts.push(counted(summary.trades, "trade", "trades"));
  }
  if (summary.income > 0) parts.push(counted(summary.income, "dividend", "dividends"));
  if (summary.cash > 0) parts.push(counted(summary.cash, "cash activity", "cash activities"));
  const last = parts.pop()!;
  return `Import ${parts.length > 0 ? `${parts.join(", ")} and ${last}` : last}`;
}

/** The cash the import writes, apart from the trades: how many of each type, and their total. */
function CashSummary({ cash }: { cash: ImportPreview["cash"] }) {
  if (cash.length === 0) return null;
  return (
    <section aria-labelledby="import-cash-heading" className="space-y-2">
      <h3 id="import-cash-heading" className="font-semibold">
        Cash activities
      </h3>
      <table className="w-full max-w-md text-sm">
        <caption className="sr-only">Cash activities to import, by type</caption>
        <thead>
          <tr className="border-b border-border text-left">
            <th scope="col" className="px-2 py-1 font-semibold">
              Type
            </th>
            <th scope="col" className="px-2 py-1 text-right font-semibold">
              Rows
            </th>
            <th scope="col" className="px-2 py-1 text-right font-semibold">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {cash.map((line) => (
            <tr key={line.type} className="border-b border-border">
              <th scope="row" className="px-2 py-1 text-left font-normal">
                {cashActivityLabels[line.type]}
              </th>
              <td className="px-2 py-1 text-right tabular-nums">{line.count}</td>
              <td className="px-2 py-1 text-right tabular-nums">{formatCurrency(line.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function PreviewRow({ row }: { row: ImportPreviewRow }) {
  return (
    <tr className="border-b border-border">
      <td className="px-2 py-1 tabular-nums">{row.row}</td>
      <td className="px-2 py-1">
        <Badge tone={outcomeTones[row.outcome]}>{row.outcome}</Badge>
      </td>
      <td className="px-2 py-1">
        {row.cashType ? cashActivityLabels[row.cashType] : (row.transactionType ?? "")}
      </td>
      <td className="px-2 py-1">{row.symbol ?? ""}</td>
      <td className="px-2 py-1 text-right tabular-nums">
        {row.quantity ? formatQuantity(row.quantity) : ""}
      </td>
      <td className="px-2 py-1 text-right tabular-nums">
        {/* A dividend's amount per share is money ($0.83); a price keeps its digits ($0.6712). */}
        {row.price
          ? row.transactionType === "DIVIDEND"
            ? formatCurrency(row.price)
            : formatPrice(row.price)
          : ""}
      </td>
      <td className="px-2 py-1 text-right tabular-nums">
        {row.amount ? formatCurrency(row.amount) : ""}
      </td>
      <td className="px-2 py-1 whitespace-nowrap">
        {/* A date the file gave without a time is that day, not midnight UTC in the reader's zone. */}
        {row.date
          ? row.dateOnly
            ? formatCalendarDate(row.date.slice(0, 10))
            : formatDateTime(row.date)
          : ""}
      </td>
      {/* Wide enough to read on a phone: the table scrolls sideways rather than squeeze it. */}
      <td className="min-w-80 px-2 py-1">{row.message ?? ""}</td>
    </tr>
  );
}

function ResultPanel({
  result,
  rows,
  account,
}: {
  result: ImportResult;
  rows: ImportPreviewRow[];
  /** The account imported into, named for a user who keeps several. */
  account: InvestmentAccount | undefined;
}) {
  // The history filtered to the imported trades' dates.
  const dates = rows
    .filter((row) => row.outcome === "trade" && row.date)
    .map((row) => row.date!)
    .sort();
  return (
    <Card className="space-y-4 p-6">
      <h2 className="text-lg font-semibold">Imported</h2>
      <Alert tone="success">
        {account && `Into ${account.name}: `}
        Imported {result.imported} {result.imported === 1 ? "trade" : "trades"},{" "}
        {counted(result.income, "dividend", "dividends")} and{" "}
        {counted(result.cash, "cash activity", "cash activities")}; {result.splits}{" "}
        {result.splits === 1 ? "split" : "splits"} applied from the corporate-actions calendar;{" "}
        {result.duplicates} already recorded, {result.skipped} skipped, {result.errors} with errors
        left out.
      </Alert>
      <div className="flex flex-wrap gap-3">
        <Link
          to="/transaction-history"
          search={
            dates.length > 0
              ? {
                  startDate: dates[0],
                  endDate: dates.at(-1),
                  sortBy: "transactionDate",
                  sortOrder: "desc",
                  ...(account ? { account: account.id } : {}),
                }
              : account
                ? { account: account.id }
                : {}
          }
          className={buttonClass("primary")}
        >
          See the imported transactions
        </Link>
        {result.cash > 0 && (
          <Link to="/accounts" className={buttonClass("secondary")}>
            See the account's cash
          </Link>
        )}
      </div>
    </Card>
  );
}
