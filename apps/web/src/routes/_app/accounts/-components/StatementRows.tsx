import { m } from "@ledgerline/messages";
import { Plus, X } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "../../../../components/ui/Button";
import { inputClass } from "../../../../components/ui/Field";
import { cx } from "../../../../components/ui/cx";
import {
  parsePastedHoldings,
  statementRow,
  withPasted,
  type StatementAssetType,
  type StatementProblems,
  type StatementRow,
} from "./statement-form";
import { reconcileText as text } from "./screen-texts";

const rowGrid = "grid grid-cols-[1fr_6.5rem_auto] gap-2 sm:grid-cols-[1fr_8rem_1fr_auto]";

/**
 * The statement's holdings: a row per holding (symbol, asset type, quantity), 'Add row', and a
 * box to paste a statement's lines into.
 */
export function StatementRows({
  rows,
  problems,
  onChange,
}: {
  rows: StatementRow[];
  problems: StatementProblems;
  onChange: (rows: StatementRow[]) => void;
}) {
  const change = (id: number, fields: Partial<StatementRow>) =>
    onChange(rows.map((row) => (row.id === id ? { ...row, ...fields } : row)));
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 text-sm font-medium">{text.holdingsCaption}</legend>
      <div aria-hidden="true" className={cx(rowGrid, "hidden text-xs text-muted sm:grid")}>
        <span>{m.accounts_reconcile_col_symbol()}</span>
        <span>{m.accounts_reconcile_col_asset_type()}</span>
        <span>{m.accounts_field_quantity()}</span>
        <span className="w-8" />
      </div>
      <ul className="space-y-2">
        {rows.map((row, index) => (
          <RowInputs
            key={row.id}
            row={row}
            number={index + 1}
            symbolProblem={problems[`rows.${index}.symbol`]}
            quantityProblem={problems[`rows.${index}.quantity`]}
            onChange={(fields) => change(row.id, fields)}
            onRemove={() => onChange(rows.filter((other) => other.id !== row.id))}
          />
        ))}
      </ul>
      <Button variant="secondary" size="sm" onClick={() => onChange([...rows, statementRow()])}>
        <Plus aria-hidden="true" className="h-4 w-4" />
        {text.addRow}
      </Button>
      <PasteBox onRows={(pasted) => onChange(withPasted(rows, pasted))} />
    </fieldset>
  );
}

function RowInputs({
  row,
  number,
  symbolProblem,
  quantityProblem,
  onChange,
  onRemove,
}: {
  row: StatementRow;
  number: number;
  symbolProblem: string | undefined;
  quantityProblem: string | undefined;
  onChange: (fields: Partial<StatementRow>) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const problems = [symbolProblem, quantityProblem].filter(Boolean).join(" ");
  return (
    <li className="space-y-1">
      <div className={rowGrid}>
        <input
          className={inputClass}
          aria-label={text.symbolLabel(number)}
          placeholder={m.accounts_reconcile_col_symbol()}
          autoComplete="off"
          value={row.symbol}
          aria-invalid={symbolProblem ? true : undefined}
          aria-describedby={problems ? `${id}-problem` : undefined}
          onChange={(event) => onChange({ symbol: event.target.value })}
        />
        <select
          className={inputClass}
          aria-label={text.assetTypeLabel(number)}
          value={row.assetType}
          onChange={(event) => onChange({ assetType: event.target.value as StatementAssetType })}
        >
          <option value="STOCK">{m.accounts_reconcile_stock()}</option>
          <option value="CRYPTO">{m.accounts_reconcile_crypto()}</option>
        </select>
        <input
          className={cx(inputClass, "col-span-2 sm:col-span-1")}
          aria-label={text.quantityLabel(number)}
          placeholder={m.accounts_field_quantity()}
          inputMode="decimal"
          autoComplete="off"
          value={row.quantity}
          aria-invalid={quantityProblem ? true : undefined}
          aria-describedby={problems ? `${id}-problem` : undefined}
          onChange={(event) => onChange({ quantity: event.target.value })}
        />
        <Button
          variant="ghost"
          size="sm"
          className="col-start-3 row-start-1 h-10 w-8 px-0 sm:col-start-auto sm:row-start-auto"
          aria-label={text.removeRow(number)}
          onClick={onRemove}
        >
          <X aria-hidden="true" className="h-4 w-4" />
        </Button>
      </div>
      {problems && (
        <p id={`${id}-problem`} className="text-sm text-loss">
          {problems}
        </p>
      )}
    </li>
  );
}

function PasteBox({
  onRows,
}: {
  onRows: (rows: ReturnType<typeof parsePastedHoldings>["rows"]) => void;
}) {
  const id = useId();
  const [pasted, setPasted] = useState("");
  const [unread, setUnread] = useState<string[]>([]);
  const add = () => {
    const parsed = parsePastedHoldings(pasted);
    setUnread(parsed.unread);
    if (parsed.rows.length > 0) onRows(parsed.rows);
    setPasted(parsed.unread.join("\n"));
  };
  return (
    <div className="space-y-1 pt-2">
      <label htmlFor={id} className="block text-sm font-medium">
        {text.pasteLabel}
      </label>
      <textarea
        id={id}
        rows={3}
        value={pasted}
        aria-describedby={`${id}-hint${unread.length > 0 ? ` ${id}-unread` : ""}`}
        onChange={(event) => setPasted(event.target.value)}
        className={cx(inputClass, "font-mono")}
        placeholder={"AAPL 10\nMSFT,4"}
      />
      <p id={`${id}-hint`} className="text-xs text-muted">
        {text.pasteHint}
      </p>
      {unread.length > 0 && (
        <p id={`${id}-unread`} className="text-sm text-loss">
          {text.pasteUnread(unread.join("; "))}
        </p>
      )}
      <Button variant="secondary" size="sm" disabled={pasted.trim() === ""} onClick={add}>
        {text.pasteAdd}
      </Button>
    </div>
  );
}
