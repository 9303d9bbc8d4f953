import { m } from "@ledgerline/messages";
import type { UserListRow } from "@ledgerline/contracts";
import { useMutation } from "@tanstack/react-query";
import { useForm } from "@tanstack/react-form";
import { useState } from "react";
import { Alert } from "../../../../components/ui/Alert";
import { DialogFormButtons, Modal } from "../../../../components/ui/Modal";
import { PasswordField } from "../../../../components/ui/PasswordField";
import { submitTo, textInput } from "../../../../lib/form";
import { notify } from "../../../../lib/notify";
import { errorMessage, trpc } from "../../../../lib/trpc";

/** An admin sets a new password for a user, who is then signed out everywhere. */
export function ResetPasswordModal({
  user,
  onClose,
}: {
  user: UserListRow | null;
  onClose: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const reset = useMutation(
    trpc.users.resetPassword.mutationOptions({
      onSuccess: (result) => {
        notify.success(result.message);
        form.reset();
        onClose();
      },
      onError: (failure) => setError(errorMessage(failure, m.admin_users_reset_password_failed())),
    }),
  );

  const form = useForm({
    defaultValues: { password: "" },
    onSubmit: ({ value }) => {
      if (user) reset.mutate({ id: user.id, newPassword: value.password });
    },
  });

  return (
    <Modal
      open={user !== null}
      onOpenChange={(open) => {
        if (!open) {
          form.reset();
          setError(null);
          onClose();
        }
      }}
      title={m.admin_reset_password()}
      description={
        user
          ? m.admin_reset_password_description({ name: user.name, email: user.email })
          : undefined
      }
    >
      <form onSubmit={submitTo(form)} className="space-y-4">
        <form.Field name="password">
          {(field) => (
            <PasswordField
              label={m.admin_new_password()}
              autoComplete="new-password"
              {...textInput(field)}
            />
          )}
        </form.Field>
        {error && <Alert tone="error">{error}</Alert>}
        <DialogFormButtons
          busy={reset.isPending}
          submitLabel={m.admin_reset_password()}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
