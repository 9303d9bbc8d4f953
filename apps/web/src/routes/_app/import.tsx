import { m } from "@ledgerline/messages";
import { createFileRoute } from "@tanstack/react-router";
import { RouteError } from "../../components/RouteStates";
import { Alert } from "../../components/ui/Alert";
import { Button } from "../../components/ui/Button";
import { Card } from "../../components/ui/Card";
import { PageHeader } from "../../components/ui/PageHeader";
import { errorMessage } from "../../lib/errors";
import { titled } from "../../lib/head";
import {
  ImportLoading,
  importSubtitle,
  importTitle,
  ToHistory,
} from "../../components/loading/FormPagesLoading";
import { AccountField } from "./import/-components/AccountField";
import { FileDropZone } from "./import/-components/FileDropZone";
import { ImportJobEnded, ImportJobUnderWay } from "./import/-components/ImportJobPanel";
import { sourceAccountOffer } from "./import/-components/import-account";
import { MapColumnsCard } from "./import/-components/MapColumnsCard";
import { PreviewPanel } from "./import/-components/PreviewPanel";
import { ResultPanel } from "./import/-components/ResultPanel";
import { SourceField } from "./import/-components/SourceField";
import { useImportFlow, type ImportFlow } from "./import/-components/useImportFlow";

export const Route = createFileRoute("/_app/import")({
  head: titled(m.nav_import()),
  pendingComponent: ImportLoading,
  component: ImportPage,
  // The generic panel: a title shared with the page would be pulled into the first bundle.
  errorComponent: RouteError,
});

/** Step 1: the file, its source, and the account it goes into. */
function ChooseFileCard({ flow }: { flow: ImportFlow }) {
  const { file, source, account } = flow;
  return (
    <Card className="space-y-4 p-6">
      <h2 className="text-lg font-semibold">{m.import_step_file()}</h2>
      <FileDropZone fileName={file?.name} onChoose={(chosen) => void flow.choose(chosen)} />
      <SourceField
        source={source}
        onChange={flow.chooseSource}
        detecting={flow.detecting.isPending}
        detected={flow.mapping.detected}
      />
      <AccountField
        account={account}
        offer={file ? sourceAccountOffer(source, account.accounts) : undefined}
      />
    </Card>
  );
}

/** The import job under way or last ended, else what pressing Preview found. */
function ImportOutcome({ flow }: { flow: ImportFlow }) {
  const { preview, job, account } = flow;
  const current = job.job;
  if (current && job.running) return <ImportJobUnderWay state={job} />;
  if (current?.status === "done" && current.result) {
    return (
      <ResultPanel
        result={current.result}
        rows={preview?.rows ?? []}
        account={account.accounts.length > 1 ? account.into : undefined}
      />
    );
  }
  if (current) return <ImportJobEnded job={current} />;
  if (preview) {
    return (
      <PreviewPanel
        preview={preview}
        account={account.into}
        importing={job.starting.isPending}
        onImport={flow.runImport}
        error={job.startError}
      />
    );
  }
  return null;
}

function ImportPage() {
  const flow = useImportFlow();
  const { file, missing, previewing } = flow;
  return (
    <div className="space-y-6">
      <PageHeader title={importTitle} subtitle={importSubtitle} actions={<ToHistory />} />
      <ChooseFileCard flow={flow} />
      {flow.generic && file && <MapColumnsCard flow={flow} fileText={file.text} />}
      <div className="flex flex-wrap gap-2">
        <Button onClick={flow.runPreview} disabled={!file} busy={previewing.isPending}>
          {m.import_preview()}
        </Button>
      </div>
      {flow.mapping.checkColumns && Object.keys(missing).length > 0 && (
        <Alert tone="error">{Object.values(missing)[0]}</Alert>
      )}
      {previewing.error && (
        <Alert tone="error">{errorMessage(previewing.error, m.import_preview_failed())}</Alert>
      )}
      <ImportOutcome flow={flow} />
    </div>
  );
}
