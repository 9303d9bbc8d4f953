import { m } from "@ledgerline/messages";
import type { ImportDetection, ImportSource } from "@ledgerline/contracts";
import { SelectField, type SelectOption } from "../../../../components/ui/SelectField";

const sources: SelectOption<ImportSource>[] = [
  { value: "schwab", label: "Charles Schwab" },
  { value: "coinbase", label: "Coinbase" },
  { value: "ledgerline", label: m.import_source_ledgerline() },
  { value: "generic", label: m.import_source_generic() },
];

/** What the header told of the file's source, said under the select. */
function detectionNote(detecting: boolean, detected: ImportDetection | null, source: ImportSource) {
  if (detecting) return m.import_reading_header();
  if (!detected || detected.source !== source) return null;
  return detected.source === "generic"
    ? m.import_no_known_export()
    : m.import_detected({
        source: sources.find((option) => option.value === source)?.label ?? source,
      });
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
        label={m.import_source()}
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
