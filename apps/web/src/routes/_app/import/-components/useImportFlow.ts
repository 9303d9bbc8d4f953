import { IMPORT_DETECT_MAX_CHARS } from "@ledgerline/contracts/browser";
import type { ImportPreview, ImportResult, ImportSource } from "@ledgerline/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { newIdempotencyKey } from "../../../../lib/idempotency-key";
import { trpc } from "../../../../lib/trpc";
import { fileHead } from "./guess-mapping";
import { mappingInput, mappingState, missingColumns, noMapping } from "./mapping-state";
import { useImportAccount } from "./useImportAccount";
import { useImportMapping } from "./useImportMapping";

/** The import page's steps: the file, its source and mapping, the preview and the import. */
export function useImportFlow() {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [source, setSource] = useState<ImportSource>("schwab");
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const account = useImportAccount(() => setPreview(null));
  const mapping = useImportMapping();
  // One key per preview shown: pressing Import again after a lost answer imports it once.
  const [importKey, setImportKey] = useState(newIdempotencyKey);
  const [result, setResult] = useState<ImportResult | null>(null);
  const detecting = useMutation(trpc.import.detect.mutationOptions());
  const previewing = useMutation(trpc.import.preview.mutationOptions());
  const importing = useMutation(trpc.import.run.mutationOptions());

  async function choose(chosen: File | undefined) {
    if (!chosen) return;
    const text = await chosen.text();
    setFile({ name: chosen.name, text });
    mapping.remap(noMapping);
    mapping.setDetected(null);
    mapping.setCheckColumns(false);
    setPreview(null);
    setResult(null);
    detecting.mutate(
      { csv: fileHead(text, IMPORT_DETECT_MAX_CHARS) },
      {
        onSuccess: (answer) => {
          mapping.setDetected(answer);
          setSource(answer.source);
          mapping.remap(mappingState(answer.mapping));
        },
      },
    );
  }
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
    if (Object.keys(missing).length > 0) return mapping.setCheckColumns(true);
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
    ...{ file, source, chooseSource, choose, account, mapping, generic, missing },
    ...{ preview, setPreview, result, detecting, previewing, importing, runPreview, runImport },
  };
}

export type ImportFlow = ReturnType<typeof useImportFlow>;
