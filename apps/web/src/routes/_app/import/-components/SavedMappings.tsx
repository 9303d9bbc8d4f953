import { m } from "@ledgerline/messages";
import type { ImportMappingInput } from "@ledgerline/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Alert } from "../../../../components/ui/Alert";
import { Button } from "../../../../components/ui/Button";
import { Field } from "../../../../components/ui/Field";
import { SelectField } from "../../../../components/ui/SelectField";
import { errorMessage } from "../../../../lib/errors";
import { newIdempotencyKey } from "../../../../lib/idempotency-key";
import { trpc } from "../../../../lib/trpc";

/**
 * The mapping step's saved mappings (issue 11): pick one to apply it, save the mapping on screen
 * under a name, or delete the one picked. The same broker's next export then needs no mapping.
 */
export function SavedMappings({
  current,
  onApply,
}: {
  current: () => ImportMappingInput;
  onApply: (mapping: ImportMappingInput) => void;
}) {
  const queryClient = useQueryClient();
  const saved = useQuery(trpc.import.mappings.queryOptions());
  const [picked, setPicked] = useState("");
  const [name, setName] = useState("");
  const [notice, setNotice] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries(trpc.import.mappings.pathFilter());
  const saving = useMutation(
    trpc.import.saveMapping.mutationOptions({
      onSuccess: async (mapping) => {
        await refresh();
        setPicked(String(mapping.id));
        setName("");
        setNotice(m.import_saved_mapping_notice({ name: mapping.name }));
      },
    }),
  );
  const deleting = useMutation(
    trpc.import.deleteMapping.mutationOptions({
      onSuccess: async () => {
        await refresh();
        setPicked("");
        setNotice(m.import_deleted_mapping());
      },
    }),
  );
  const mappings = saved.data ?? [];
  const pickedMapping = mappings.find((mapping) => String(mapping.id) === picked);

  function save(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    deleting.reset();
    saving.mutate({ name, mapping: current(), idempotencyKey: newIdempotencyKey() });
  }

  return (
    <div className="space-y-3 rounded-md border border-border p-4">
      <h3 className="font-semibold">{m.import_saved_mappings()}</h3>
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          label={m.import_saved_mapping()}
          value={picked}
          options={[
            {
              value: "",
              label: mappings.length === 0 ? m.import_none_saved() : m.import_choose_mapping(),
            },
            ...mappings.map((mapping) => ({ value: String(mapping.id), label: mapping.name })),
          ]}
          onChange={(id) => {
            setPicked(id);
            setNotice(null);
            const chosen = mappings.find((mapping) => String(mapping.id) === id);
            if (chosen) {
              onApply(chosen.mapping);
              setNotice(m.import_applied_mapping({ name: chosen.name }));
            }
          }}
          className="min-w-56"
        />
        <Button
          variant="secondary"
          disabled={!pickedMapping}
          busy={deleting.isPending}
          onClick={() => {
            if (!pickedMapping) return;
            setNotice(null);
            saving.reset();
            deleting.mutate({ id: pickedMapping.id, idempotencyKey: newIdempotencyKey() });
          }}
        >
          {m.import_delete_mapping()}
        </Button>
      </div>
      <form onSubmit={save} className="flex flex-wrap items-end gap-3">
        <Field
          label={m.import_mapping_name()}
          hint={m.import_mapping_name_hint()}
          value={name}
          maxLength={60}
          onChange={(event) => setName(event.target.value)}
          className="min-w-56"
        />
        <Button type="submit" variant="secondary" busy={saving.isPending} disabled={!name.trim()}>
          {m.import_save_mapping()}
        </Button>
      </form>
      {notice && (
        <p role="status" className="text-sm text-muted">
          {notice}
        </p>
      )}
      {saved.error && (
        <Alert tone="error">{errorMessage(saved.error, m.import_mappings_unread())}</Alert>
      )}
      {saving.error && (
        <Alert tone="error">{errorMessage(saving.error, m.import_mapping_not_saved())}</Alert>
      )}
      {deleting.error && (
        <Alert tone="error">{errorMessage(deleting.error, m.import_mapping_not_deleted())}</Alert>
      )}
    </div>
  );
}
