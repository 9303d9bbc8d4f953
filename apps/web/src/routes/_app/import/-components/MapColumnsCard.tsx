import { m } from "@ledgerline/messages";
import { Alert } from "../../../../components/ui/Alert";
import { Card } from "../../../../components/ui/Card";
import { headerColumns } from "./guess-mapping";
import { mappingInput, mappingState } from "./mapping-state";
import { MappingFields } from "./MappingFields";
import { SavedMappings } from "./SavedMappings";
import type { ImportFlow } from "./useImportFlow";

/** Step 2, for a generic CSV: which column holds what, guessed first, saved for next time. */
export function MapColumnsCard({ flow, fileText }: { flow: ImportFlow; fileText: string }) {
  const { mapping } = flow;
  const { detected } = mapping;
  return (
    <Card className="space-y-4 p-6">
      <h2 className="text-lg font-semibold">{m.import_step_map()}</h2>
      <p className="text-sm text-muted">{m.import_map_intro()}</p>
      {detected?.source === "generic" && !detected.dateFormatCertain && (
        <Alert tone="warning">{m.import_dates_ambiguous()}</Alert>
      )}
      <SavedMappings
        current={() => mappingInput(mapping.values)}
        onApply={(saved) => {
          mapping.remap(mappingState(saved));
          flow.setPreview(null);
        }}
      />
      <MappingFields
        form={mapping.form}
        header={headerColumns(fileText, mapping.values.delimiter)}
        detected={detected}
        errors={mapping.checkColumns ? flow.missing : null}
      />
    </Card>
  );
}
