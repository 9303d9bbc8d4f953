import type { ImportPreview, ImportSource } from "@ledgerline/contracts";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { newIdempotencyKey } from "../../../../lib/idempotency-key";
import { trpc } from "../../../../lib/trpc";
import { mappingInput, missingColumns } from "./mapping-state";
import { useImportFile } from "./useImportFile";
import { useImportAccount } from "./useImportAccount";
import { useImportJob } from "./useImportJob";
import { useImportMapping } from "./useImportMapping";

/** The import page's steps: the file, its source and mapping, the preview and the import. */
export function useImportFlow() {
  const [source, setSource] = useState<ImportSource>("schwab");
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const job = useImportJob();
  const account = useImportAccount(() => setPreview(null));
  const mapping = useImportMapping();
  const { file, choose, detecting } = useImportFile(mapping, setSource, () => {
    setPreview(null);
    if (!job.running) job.hide();
  });
  // One key per preview shown: pressing Import again after a lost answer imports it once.
  const [importKey, setImportKey] = useState(newIdempotencyKey);
  const previewing = useMutation(trpc.import.preview.mutationOptions());

  const generic = source === "generic" && file !== null;
  const missing = generic ? missingColumns(mapping.values) : {};
  const request = () => ({
    source,
    csv: file?.text ?? "",
    ...(account.into ? { accountId: account.into.id } : {}),
    ...(generic ? { mapping: mappingInput(mapping.values) } : {}),
  });
  function runPreview() {
    if (!job.running) job.hide();
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
  /** The import runs as a job: the page follows its progress and shows its summary. */
  function runImport() {
    job.start({ ...request(), skipInvalid: true, idempotencyKey: importKey });
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
    job,
    detecting,
    previewing,
    runPreview,
    runImport,
  };
}

export type ImportFlow = ReturnType<typeof useImportFlow>;
