import type { ImportDetection, ImportSource } from "@ledgerline/contracts";
import { SelectField, type SelectOption } from "../../../../components/ui/SelectField";

const sources: SelectOption<ImportSource>[] = [
  { value: "schwab", label: "Charles Schwab" },
  { value: "coinbase", label: "Coinbase" },
  { value: "ledgerline", label: "Ledgerline CSV export" },
  { value: "generic", label: "Other CSV" },
];

/** What the header told of the file's source, said under the select. */
function detectionNote(detecting: boolean, detected: ImportDetection | null, source: ImportSource) {
  if (detecting) return "Reading the file's header...";
  if (!detected || detected.source !== source) return null;
  return detected.source === "generic"
    ? "No known export has this header: map its columns below (a first guess is filled in)."
    : `Detected from the file's header: ${sources.find((option) => option.value === source)?.label}.`;
}

/** The file's source: chosen, or read from its header. */
export function SourceField({
  source,
  onChange,
  detecting,
  detected,
}: {
  source: ImportSource;
  onChange: (source: ImportSource) => void;
  detecting: boolean;
  detected: ImportDetection | null;
}) {
  return (
    <div className="max-w-md space-y-1">
      <SelectField
        label="Source"
        value={source}
        options={sources}
        onChange={onChange}
        // Until the header is read: its answer would undo a choice made meanwhile.
        disabled={detecting}
        className="max-w-xs"
      />
      <p className="text-sm text-muted" aria-live="polite">
        {detectionNote(detecting, detected, source)}
      </p>
    </div>
  );
}
