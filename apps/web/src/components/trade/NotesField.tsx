import { m } from "@ledgerline/messages";
import { NOTES_MAX_LENGTH } from "@ledgerline/contracts/browser";
import { useId } from "react";
import { inputClass } from "../ui/Field";

export function NotesField({
  value,
  onChange,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {m.trade_notes()} <span className="font-normal text-muted">{m.trade_optional()}</span>
      </label>
      <textarea
        id={id}
        rows={2}
        maxLength={NOTES_MAX_LENGTH}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        className={inputClass}
      />
    </div>
  );
}
