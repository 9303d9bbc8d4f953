import { m } from "@ledgerline/messages";
import { useState, type DragEvent } from "react";

/** Step 1's drop zone: a CSV file dropped on it or chosen with the browser's picker. */
export function FileDropZone({
  fileName,
  onChoose,
}: {
  fileName: string | undefined;
  onChoose: (file: File | undefined) => void;
}) {
  const [dragging, setDragging] = useState(false);
  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    onChoose(event.dataTransfer.files[0]);
  }
  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={`rounded-lg border-2 border-dashed p-6 text-center ${dragging ? "border-focus bg-info-bg" : "border-border"}`}
    >
      <p className="mb-3 text-muted">{m.import_drop()}</p>
      <label className="block text-sm font-medium">
        {m.import_csv_file()}
        <input
          type="file"
          accept=".csv,text/csv"
          // The browser's own picker button, dressed as our secondary button.
          className="mx-auto mt-2 block text-sm text-muted file:mr-3 file:h-10 file:cursor-pointer file:rounded-md file:border file:border-border file:bg-surface file:px-4 file:text-sm file:font-medium file:text-text hover:file:bg-surface-muted"
          onChange={(event) => onChoose(event.target.files?.[0])}
        />
      </label>
      {fileName !== undefined && (
        <p className="mt-3 text-sm">{m.import_chosen({ name: fileName })}</p>
      )}
    </div>
  );
}
