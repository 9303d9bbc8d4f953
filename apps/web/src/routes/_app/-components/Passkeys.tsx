import type { PasskeyView } from "@ledgerline/contracts";
import { m } from "@ledgerline/messages";
import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import { useMutation, useQuery, useQueryClient, type UseQueryResult } from "@tanstack/react-query";
import { useForm } from "@tanstack/react-form";
import { useState } from "react";
import { QueryRetryPanel, Skeleton } from "../../../components/RouteStates";
import { Alert } from "../../../components/ui/Alert";
import { Button } from "../../../components/ui/Button";
import { Card } from "../../../components/ui/Card";
import { cx } from "../../../components/ui/cx";
import { Field } from "../../../components/ui/Field";
import { Modal } from "../../../components/ui/Modal";
import { PasswordField } from "../../../components/ui/PasswordField";
import { boundPassword } from "../../../components/ui/bound-password";
import { submitTo, textInput } from "../../../lib/form";
import { formatDateTime } from "../../../lib/format";
import { errorMessage, trpc } from "../../../lib/trpc";
import { TableWithActions } from "../../../components/ui/TableWithActions";

const when = (iso: string | null, empty: string) => (iso ? formatDateTime(iso) : empty);
const cell = "px-2 py-2 align-middle";

/**
 * Passkeys: added with a name and the password (a passkey outlives the session), listed with
 * when each was made and last used, removed with the password.
 */
export function Passkeys() {
  const queryClient = useQueryClient();
  const passkeys = useQuery(trpc.passkeys.list.queryOptions());
  const [added, setAdded] = useState<string | null>(null);
  const { mutateAsync: registrationOptions } = useMutation(
    trpc.passkeys.registrationOptions.mutationOptions(),
  );
  const { mutateAsync: createPasskey } = useMutation(trpc.passkeys.create.mutationOptions());
  const add = useMutation({
    mutationFn: async ({ name, password }: { name: string; password: string }) => {
      const options = await registrationOptions({ password });
      // Loaded on use, like the sign-in's: SimpleWebAuthn's browser library is in no first bundle.
      const { createPasskeyResponse } = await import("../../../lib/passkeys");
      const response = await createPasskeyResponse(
        options as PublicKeyCredentialCreationOptionsJSON,
      );
      // The extension results' interface, spread, reads as the plain record the input takes.
      const clientExtensionResults = { ...response.clientExtensionResults };
      return createPasskey({ name, response: { ...response, clientExtensionResults } });
    },
    onMutate: () => setAdded(null),
    onSuccess: async (passkey) => {
      setAdded(passkey.name);
      form.reset();
      await queryClient.invalidateQueries(trpc.passkeys.list.pathFilter());
    },
  });
  const form = useForm({
    defaultValues: { name: "", password: "" },
    onSubmit: ({ value }) => add.mutate(value),
  });

  return (
    <Card>
      <h2 className="text-lg font-semibold">{m.settings_passkeys_heading()}</h2>
      <p className="mt-1 text-sm text-muted">{m.settings_passkeys_intro()}</p>
      {add.error && (
        <Alert tone="error" className="mt-4">
          {errorMessage(add.error, m.settings_passkeys_failed_add())}
        </Alert>
      )}
      {added && (
        <Alert tone="success" className="mt-4">
          {m.settings_passkeys_added({ name: added })}
        </Alert>
      )}
      <form onSubmit={submitTo(form)} className="mt-4 grid gap-4 sm:grid-cols-2">
        <form.Field name="name">
          {(field) => (
            <Field
              label={m.settings_passkeys_name()}
              hint={m.settings_passkeys_name_hint()}
              required
              maxLength={60}
              {...textInput(field)}
            />
          )}
        </form.Field>
        <form.Field name="password">{boundPassword(m.settings_passkeys_password())}</form.Field>
        <div className="sm:col-span-2">
          <Button type="submit" busy={add.isPending}>
            {m.settings_passkeys_add()}
          </Button>
        </div>
      </form>
      <PasskeyList passkeys={passkeys} />
    </Card>
  );
}

function RemoveButton({
  passkey,
  onRemove,
}: {
  passkey: PasskeyView;
  onRemove: (passkey: PasskeyView) => void;
}) {
  return (
    <Button
      type="button"
      variant="secondary"
      aria-label={m.settings_passkeys_remove_label({ name: passkey.name })}
      onClick={() => onRemove(passkey)}
    >
      {m.settings_passkeys_remove()}
    </Button>
  );
}

/** The user's passkeys as they load, each with its Remove button and the password it asks. */
function PasskeyList({ passkeys }: { passkeys: UseQueryResult<PasskeyView[], unknown> }) {
  const [removing, setRemoving] = useState<PasskeyView | null>(null);
  return (
    <>
      {passkeys.isPending && (
        <div
          role="status"
          aria-busy="true"
          aria-label={m.settings_passkeys_loading()}
          className="mt-6"
        >
          <Skeleton className="h-16" />
        </div>
      )}
      {passkeys.isError && !passkeys.data && (
        <QueryRetryPanel
          query={passkeys}
          className="mt-6"
          message={m.settings_passkeys_failed_load()}
        />
      )}
      {passkeys.data?.length === 0 && (
        <p className="mt-6 text-sm text-muted">{m.settings_passkeys_none()}</p>
      )}
      {passkeys.data && passkeys.data.length > 0 && (
        <>
          {/* From a tablet up a table; on a phone its four columns do not fit beside the Remove
              button, so each passkey is a card with the button beside its dates. */}
          <TableWithActions
            caption={m.settings_passkeys_caption()}
            columns={[
              m.settings_col_name(),
              m.settings_passkeys_col_added(),
              m.settings_col_last_used(),
            ]}
            className="mt-6 hidden overflow-x-auto sm:block"
            headClassName="text-muted"
            cell={cell}
          >
            {passkeys.data.map((passkey) => (
              <tr key={passkey.id} className="border-t border-border">
                <td className={cell}>{passkey.name}</td>
                <td className={cx(cell, "whitespace-nowrap")}>
                  {when(passkey.createdAt, m.settings_na())}
                </td>
                <td className={cx(cell, "whitespace-nowrap")}>
                  {when(passkey.lastUsedAt, m.settings_never())}
                </td>
                <td className={cx(cell, "text-right")}>
                  <RemoveButton passkey={passkey} onRemove={setRemoving} />
                </td>
              </tr>
            ))}
          </TableWithActions>
          <ul
            aria-label={m.settings_passkeys_caption()}
            className="mt-6 divide-y divide-border text-sm sm:hidden"
          >
            {passkeys.data.map((passkey) => (
              <li
                key={passkey.id}
                data-passkey={passkey.name}
                className="flex items-center justify-between gap-3 py-3"
              >
                <div className="min-w-0">
                  <p className="font-medium break-words">{passkey.name}</p>
                  <p className="text-xs text-muted">
                    {m.settings_passkeys_added_on({
                      when: when(passkey.createdAt, m.settings_na()),
                    })}
                  </p>
                  <p className="text-xs text-muted">
                    {m.settings_passkeys_last_used_on({
                      when: when(passkey.lastUsedAt, m.settings_never()),
                    })}
                  </p>
                </div>
                <RemoveButton passkey={passkey} onRemove={setRemoving} />
              </li>
            ))}
          </ul>
        </>
      )}
      {removing && <RemovePasskey passkey={removing} onClose={() => setRemoving(null)} />}
    </>
  );
}

/** Removing a passkey asks for the password, as every change to how one signs in does. */
function RemovePasskey({ passkey, onClose }: { passkey: PasskeyView; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [password, setPassword] = useState("");
  const remove = useMutation(
    trpc.passkeys.delete.mutationOptions({
      onSuccess: async () => {
        onClose();
        await queryClient.invalidateQueries(trpc.passkeys.list.pathFilter());
      },
    }),
  );
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={m.settings_passkeys_remove_title({ name: passkey.name })}
      description={m.settings_passkeys_remove_text()}
    >
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          remove.mutate({ id: passkey.id, password });
        }}
      >
        <PasswordField
          label={m.login_password()}
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {remove.error && (
          <Alert tone="error">
            {errorMessage(remove.error, m.settings_passkeys_failed_remove())}
          </Alert>
        )}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            {m.settings_cancel()}
          </Button>
          <Button type="submit" variant="danger" busy={remove.isPending}>
            {m.settings_passkeys_remove_button()}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
