import { LATEST_DATE, type ApiKeyScope } from "@ledgerline/contracts/browser";
import type { ApiKeyView } from "@ledgerline/contracts";
import { m } from "@ledgerline/messages";
import { useMutation, useQuery, useQueryClient, type UseQueryResult } from "@tanstack/react-query";
import { useForm } from "@tanstack/react-form";
import { useState } from "react";
import { QueryRetryPanel, Skeleton } from "../../../components/RouteStates";
import { Alert } from "../../../components/ui/Alert";
import { Button } from "../../../components/ui/Button";
import { Card } from "../../../components/ui/Card";
import { ConfirmDialog } from "../../../components/ui/ConfirmDialog";
import { cx } from "../../../components/ui/cx";
import { Field } from "../../../components/ui/Field";
import { boundPassword } from "../../../components/ui/bound-password";
import { boundSelect } from "../../../components/ui/SelectField";
import { localDateInput } from "../../../lib/datetime-local";
import { submitTo, textInput } from "../../../lib/form";
import { formatDateTime } from "../../../lib/format";
import { errorMessage, trpc } from "../../../lib/trpc";
import { TableWithActions } from "../../../components/ui/TableWithActions";

// Short enough for the select's box on a phone; what each allows is its hint.
const scopeOptions = [
  { value: "read", label: m.settings_keys_read_only() },
  { value: "trade", label: m.settings_keys_read_trade() },
] as const;
const scopeHint = m.settings_keys_scope_hint();
const scopeNames: Record<ApiKeyScope, string> = {
  read: m.settings_keys_read_only(),
  trade: m.settings_keys_read_trade(),
};

/**
 * The new-key form: a name, a scope, an optional expiry day (`<input type="date">` text), and the
 * password, asked again because a key outlives the session.
 */
interface NewKey {
  name: string;
  scope: ApiKeyScope;
  expires: string;
  password: string;
}
const newKey: NewKey = { name: "", scope: "read", expires: "", password: "" };

/** The app's one date style (Mar 2, 2026, 3:04 PM), or what an empty date means here. */
const when = (iso: string | null, empty: string) => (iso ? formatDateTime(iso) : empty);

const cell = "px-2 py-2 align-middle";

/** Personal API keys for scripts: created here, shown once, listed and revoked. */
export function ApiKeys() {
  const queryClient = useQueryClient();
  const keys = useQuery(trpc.apiKeys.list.queryOptions());
  const [created, setCreated] = useState<{ id: number; key: string } | null>(null);
  const [copied, setCopied] = useState(false);
  const refresh = () => queryClient.invalidateQueries(trpc.apiKeys.list.pathFilter());
  const create = useMutation(
    trpc.apiKeys.create.mutationOptions({
      onSuccess: async (answer) => {
        setCreated({ id: answer.id, key: answer.key });
        setCopied(false);
        // The scope stays as chosen for the next key.
        form.resetField("name");
        form.resetField("expires");
        form.resetField("password");
        await refresh();
      },
    }),
  );
  // The new key is offered for copying only while it works: revoked here, or by a new password,
  // it leaves the list and the box with it.
  const shown = created && keys.data?.some((key) => key.id === created.id) ? created.key : null;

  const form = useForm({
    defaultValues: newKey,
    onSubmit: ({ value: { name, scope, expires, password } }) =>
      create.mutate({
        name,
        scope,
        expiresAt: expires ? new Date(`${expires}T00:00:00Z`).toISOString() : null,
        password,
      }),
  });

  return (
    <Card>
      <h2 className="text-lg font-semibold">{m.settings_keys_heading()}</h2>
      <p className="mt-1 text-sm text-muted">
        {m.settings_keys_intro_send()} <code>Authorization: Bearer &lt;key&gt;</code>.{" "}
        {m.settings_keys_intro_never()}{" "}
        <a href="/api/docs" className="font-medium text-primary underline underline-offset-2">
          {m.settings_keys_reference()}
        </a>
        .
      </p>
      {create.error && (
        <Alert tone="error">{errorMessage(create.error, m.settings_keys_failed_create())}</Alert>
      )}
      {shown && <CreatedKey keyText={shown} copied={copied} onCopied={() => setCopied(true)} />}
      <form onSubmit={submitTo(form)} className="mt-4 grid gap-4 sm:grid-cols-2">
        <form.Field name="name">
          {(field) => (
            <Field label={m.settings_keys_name()} required maxLength={100} {...textInput(field)} />
          )}
        </form.Field>
        <form.Field name="scope">
          {boundSelect(m.settings_keys_scope(), scopeOptions, scopeHint)}
        </form.Field>
        <form.Field name="expires">
          {(field) => (
            <Field
              label={m.settings_keys_expires_optional()}
              type="date"
              min={localDateInput()}
              max={LATEST_DATE}
              {...textInput(field)}
            />
          )}
        </form.Field>
        <form.Field name="password">{boundPassword(m.settings_keys_password())}</form.Field>
        <div className="sm:col-span-2">
          <Button type="submit" busy={create.isPending}>
            {m.settings_keys_create()}
          </Button>
        </div>
      </form>
      <KeyList keys={keys} />
    </Card>
  );
}

/** The user's keys as they load, each with its Revoke button and the confirmation it asks. */
function KeyList({ keys }: { keys: UseQueryResult<ApiKeyView[], unknown> }) {
  const queryClient = useQueryClient();
  const [revoking, setRevoking] = useState<{ id: number; name: string } | null>(null);
  const revoke = useMutation(
    trpc.apiKeys.revoke.mutationOptions({
      onSuccess: async () => {
        setRevoking(null);
        await queryClient.invalidateQueries(trpc.apiKeys.list.pathFilter());
      },
    }),
  );
  return (
    <>
      {keys.isPending && (
        <div role="status" aria-busy="true" aria-label={m.settings_keys_loading()} className="mt-6">
          <Skeleton className="h-24" />
        </div>
      )}
      {keys.isError && !keys.data && (
        <QueryRetryPanel query={keys} className="mt-6" message={m.settings_keys_failed_load()} />
      )}
      {revoke.error && (
        <Alert tone="error" className="mt-4">
          {errorMessage(revoke.error, m.settings_keys_failed_revoke())}
        </Alert>
      )}
      {keys.data && keys.data.length > 0 && (
        <KeyTable keys={keys.data} onRevoke={(key) => setRevoking(key)} />
      )}
      <ConfirmDialog
        open={revoking !== null}
        title={m.settings_keys_revoke_title({ name: revoking?.name ?? m.settings_keys_the_key() })}
        message={m.settings_keys_revoke_message()}
        confirmLabel={m.settings_keys_revoke_key()}
        tone="danger"
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate({ id: revoking.id })}
        onCancel={() => setRevoking(null)}
      />
    </>
  );
}

/** The key just created, offered for copying once. */
function CreatedKey({
  keyText,
  copied,
  onCopied,
}: {
  keyText: string;
  copied: boolean;
  onCopied: () => void;
}) {
  return (
    <Alert tone="success">
      <p>{m.settings_keys_copy_now()}</p>
      <div className="mt-2 flex gap-2">
        <input
          aria-label={m.settings_keys_new()}
          readOnly
          value={keyText}
          className="w-full rounded border border-border bg-surface px-2 py-1 font-mono text-sm"
          onFocus={(event) => event.target.select()}
        />
        <Button
          type="button"
          variant="secondary"
          onClick={() => {
            void navigator.clipboard?.writeText(keyText).then(onCopied);
          }}
        >
          {copied ? m.settings_keys_copied() : m.settings_keys_copy()}
        </Button>
      </div>
    </Alert>
  );
}

/** The user's keys, each with its Revoke button. */
function KeyTable({
  keys,
  onRevoke,
}: {
  keys: ApiKeyView[];
  onRevoke: (key: { id: number; name: string }) => void;
}) {
  return (
    <TableWithActions
      caption={m.settings_keys_caption()}
      columns={[
        m.settings_col_name(),
        m.settings_keys_scope(),
        m.settings_keys_col_created(),
        m.settings_col_last_used(),
        m.settings_keys_col_expires(),
      ]}
      className="mt-6 overflow-x-auto"
      headClassName="text-muted"
      cell={cell}
    >
      {keys.map((key) => (
        <tr key={key.id} className="border-t border-border">
          <td className={cell}>
            {key.name} <span className="font-mono text-muted">{key.keyStart}…</span>
          </td>
          <td className={cx(cell, "whitespace-nowrap")}>{scopeNames[key.scope]}</td>
          <td className={cx(cell, "whitespace-nowrap")}>{when(key.createdAt, m.settings_na())}</td>
          <td className={cx(cell, "whitespace-nowrap")}>
            {when(key.lastUsedAt, m.settings_never())}
          </td>
          <td className={cx(cell, "whitespace-nowrap")}>
            {when(key.expiresAt, m.settings_never())}
          </td>
          <td className={cx(cell, "text-right")}>
            <Button
              type="button"
              variant="secondary"
              aria-label={m.settings_keys_revoke_label({ name: key.name })}
              onClick={() => onRevoke({ id: key.id, name: key.name })}
            >
              {m.settings_keys_revoke()}
            </Button>
          </td>
        </tr>
      ))}
    </TableWithActions>
  );
}
