import { LATEST_DATE, type ApiKeyScope } from "@ledgerline/contracts/browser";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useForm } from "@tanstack/react-form";
import { useState } from "react";
import { RetryPanel, Skeleton } from "../../../components/RouteStates";
import { Alert } from "../../../components/ui/Alert";
import { Button } from "../../../components/ui/Button";
import { Card } from "../../../components/ui/Card";
import { Field } from "../../../components/ui/Field";
import { boundPassword } from "../../../components/ui/bound-password";
import { boundSelect } from "../../../components/ui/SelectField";
import { localDateInput } from "../../../lib/datetime-local";
import { submitTo, textInput } from "../../../lib/form";
import { errorMessage, trpc } from "../../../lib/trpc";

const scopeOptions = [
  { value: "read", label: "Read: every view and report" },
  { value: "trade", label: "Trade: also trades and watchlist changes" },
] as const;

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

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : "Never");

/** Personal API keys for scripts: created here, shown once, listed and revoked. */
export function ApiKeys() {
  const queryClient = useQueryClient();
  const keys = useQuery(trpc.apiKeys.list.queryOptions());
  const [created, setCreated] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const refresh = () => queryClient.invalidateQueries(trpc.apiKeys.list.pathFilter());
  const create = useMutation(
    trpc.apiKeys.create.mutationOptions({
      onSuccess: async (answer) => {
        setCreated(answer.key);
        setCopied(false);
        // The scope stays as chosen for the next key.
        form.resetField("name");
        form.resetField("expires");
        form.resetField("password");
        await refresh();
      },
    }),
  );
  const revoke = useMutation(trpc.apiKeys.revoke.mutationOptions({ onSuccess: refresh }));

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
      <h2 className="text-lg font-semibold">API keys</h2>
      <p className="mt-1 text-sm text-muted">
        Scripts and tools send a key as <code>Authorization: Bearer &lt;key&gt;</code>. A key never
        changes your account, password or keys.
      </p>
      {create.error && (
        <Alert tone="error">{errorMessage(create.error, "Failed to create the key")}</Alert>
      )}
      {created && (
        <Alert tone="success">
          <p>Copy the key now: it is not shown again.</p>
          <div className="mt-2 flex gap-2">
            <input
              aria-label="New API key"
              readOnly
              value={created}
              className="w-full rounded border border-border bg-surface px-2 py-1 font-mono text-sm"
              onFocus={(event) => event.target.select()}
            />
            <Button
              type="button"
              variant="secondary"
              onClick={() => {
                void navigator.clipboard?.writeText(created).then(() => setCopied(true));
              }}
            >
              {copied ? "Copied" : "Copy"}
            </Button>
          </div>
        </Alert>
      )}
      <form onSubmit={submitTo(form)} className="mt-4 grid gap-4 sm:grid-cols-2">
        <form.Field name="name">
          {(field) => <Field label="Key name" required maxLength={100} {...textInput(field)} />}
        </form.Field>
        <form.Field name="scope">{boundSelect("Scope", scopeOptions)}</form.Field>
        <form.Field name="expires">
          {(field) => (
            <Field
              label="Expires (optional)"
              type="date"
              min={localDateInput()}
              max={LATEST_DATE}
              {...textInput(field)}
            />
          )}
        </form.Field>
        <form.Field name="password">{boundPassword("Password to create a key")}</form.Field>
        <div className="sm:col-span-2">
          <Button type="submit" busy={create.isPending}>
            Create key
          </Button>
        </div>
      </form>
      {keys.isPending && (
        <div role="status" aria-busy="true" aria-label="Loading your API keys" className="mt-6">
          <Skeleton className="h-24" />
        </div>
      )}
      {keys.isError && !keys.data && (
        <RetryPanel
          className="mt-6"
          message="Failed to load your API keys"
          onRetry={() => void keys.refetch()}
          retrying={keys.isFetching}
        />
      )}
      {keys.data && keys.data.length > 0 && (
        <table className="mt-6 w-full text-left text-sm">
          <caption className="sr-only">Your API keys</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Scope</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">Expires</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {keys.data.map((key) => (
              <tr key={key.id} className="border-t border-border">
                <td>
                  {key.name} <span className="font-mono text-muted">{key.keyStart}…</span>
                </td>
                <td>{key.scope}</td>
                <td>{when(key.createdAt)}</td>
                <td>{when(key.lastUsedAt)}</td>
                <td>{key.expiresAt ? when(key.expiresAt) : "Never"}</td>
                <td>
                  <Button
                    type="button"
                    variant="secondary"
                    aria-label={`Revoke ${key.name}`}
                    busy={revoke.isPending && revoke.variables.id === key.id}
                    onClick={() => revoke.mutate({ id: key.id })}
                  >
                    Revoke
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}
