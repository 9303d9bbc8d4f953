import { IMPORT_DETECT_MAX_CHARS } from "@ledgerline/contracts/browser";
import type { ImportSource } from "@ledgerline/contracts";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { trpc } from "../../../../lib/trpc";
import { fileHead } from "./guess-mapping";
import { mappingState, noMapping } from "./mapping-state";
import type { ImportMapping } from "./useImportMapping";

/**
 * The file chosen, read whole; its first lines go to the server, whose answer sets the source
 * and a first guess at the mapping. `onChosen` clears what the last file left.
 */
export function useImportFile(
  mapping: ImportMapping,
  setSource: (source: ImportSource) => void,
  onChosen: () => void,
) {
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const detecting = useMutation(trpc.import.detect.mutationOptions());
  async function choose(chosen: File | undefined) {
    if (!chosen) return;
    const text = await chosen.text();
    setFile({ name: chosen.name, text });
    mapping.remap(noMapping);
    mapping.setDetected(null);
    mapping.setCheckColumns(false);
    onChosen();
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
  return { file, choose, detecting };
}
