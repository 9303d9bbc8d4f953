import type { ImportDetection } from "@ledgerline/contracts";
import { useForm, useSelector } from "@tanstack/react-form";
import { useState } from "react";
import { noMapping, type MappingState } from "./mapping-state";

/** The column mapping of a generic CSV: its form, and what the server guessed for it. */
export function useImportMapping() {
  // What the server read from the file's first lines: its source, or a first guess at a mapping.
  const [detected, setDetected] = useState<ImportDetection | null>(null);
  // Unchosen required columns are pointed out once Preview was pressed without them.
  const [checkColumns, setCheckColumns] = useState(false);
  const form = useForm({ defaultValues: noMapping });
  const values = useSelector(form.store, (state) => state.values);
  // New values (a file's guess, a saved mapping) keep the defaults: new defaults would be taken
  // back into the untouched form on the next render.
  const remap = (next: MappingState) => form.reset(next, { keepDefaultValues: true });
  return { form, values, remap, detected, setDetected, checkColumns, setCheckColumns };
}

export type ImportMapping = ReturnType<typeof useImportMapping>;
export type MappingForm = ImportMapping["form"];
