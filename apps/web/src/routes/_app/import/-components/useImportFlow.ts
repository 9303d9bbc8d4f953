import type { ImportPreview, ImportResult, ImportSource } from "@ledgerline/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { newIdempotencyKey } from "../../../../lib/idempotency-key";
import { trpc } from "../../../../lib/trpc";
import { mappingInput, missingColumns } from "./mapping-state";
import { useImportFile } from "./useImportFile";
import { useImportAccount } from "./useImportAccount";
import { useImportMapping } from "./useImportMapping";

/** The import page's steps: the file, its source and mapping, the preview and the import. */
export function useImportFlow() {
  const queryClient = useQueryClient();
  const [source, setSource] = useState<ImportSource>("schwab");
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const account = useImportAccount(() => setPreview(null));
  const mapping = useImportMapping();
  const { file, choose, detecting } = useImportFile(mapping, setSource, () => {
    setPreview(null);
    setResult(null);
  });
  // One key per preview shown: pressing Import again after a lost answer imports it once.
  const [importKey, setImportKey] = useState(newIdempotencyKey);
  const previewing = useMutation(trpc.import.preview.mutationOptions());
  const importing = useMutation(trpc.import.run.mutationOptions());

  const generic = source === "generic" && file !== null;
  const missing = generic ? missingColumns(mapping.values) : {};
  const request = () => ({
    source,
    csv: file?.text ?? "",
    ...(account.into ? { accountId: account.into.id } : {}),
    ...(generic ? { mapping: mappingInput(mapping.values) } : {}),
  });
  function runPreview() {
    setResult(null);
    if (Object.keys(missing).length > 0) {
      mapping.setCheckColumns(true);
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
    const input = { ...request(), skipInvalid: true, idempotencyKey: importKey };
    importing.mutate(input, {
      onSuccess: (answer) => {
        setResult(answer);
        void queryClient.invalidateQueries();
      },
    });
  }
  const chooseSource = (value: ImportSource) => {
    setSource(value);
    setPreview(null);
  };
  return {
    file,
    choose,
    source,
    chooseSource,
    account,
    mapping,
    generic,
    missing,
    preview,
    setPreview,
    result,
    detecting,
    previewing,
    importing,
    runPreview,
    runImport,
  };
}

export type ImportFlow = ReturnType<typeof useImportFlow>;
