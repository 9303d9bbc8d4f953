import type { CostBasisMethod } from "@ledgerline/contracts/browser";
import { m } from "@ledgerline/messages";
import { useRef, useState } from "react";
import { Alert } from "../../../../components/ui/Alert";
import { DialogFormButtons, Modal } from "../../../../components/ui/Modal";
import { submitTo } from "../../../../lib/form";
import { accountInput, type AccountDialogTarget } from "./account-form";
import { AccountNameFields, AccountSettingFields } from "./AccountFields";
import { MethodSwitchStep } from "./MethodSwitchStep";
import { useAccountForm } from "./useAccountForm";
import { useAccountSave } from "./useAccountSave";

export type { AccountDialogTarget } from "./account-form";

export function AccountDialog({
  target,
  onClose,
}: {
  target: AccountDialogTarget | null;
  onClose: () => void;
}) {
  // The method an edit would switch to, while its realized gains are shown for confirmation.
  const [switchTo, setSwitchTo] = useState<CostBasisMethod | null>(null);
  const close = () => {
    setSwitchTo(null);
    onClose();
  };
  const confirming = target?.mode === "edit" && switchTo !== null;
  return (
    <Modal
      open={target !== null}
      onOpenChange={(open) => !open && close()}
      onBack={confirming ? () => setSwitchTo(null) : undefined}
      step={confirming ? "confirm" : "form"}
      title={
        confirming
          ? m.accounts_dialog_switch_title({ name: target.account.name })
          : target?.mode === "edit"
            ? m.accounts_edit_label({ name: target.account.name })
            : m.accounts_add()
      }
      description={
        confirming
          ? m.accounts_dialog_switch_description()
          : target?.mode === "edit"
            ? m.accounts_dialog_edit_description()
            : m.accounts_dialog_add_description()
      }
    >
      {/* Mounted per opening, so each starts from the account's values with keys of its own. */}
      {target && (
        <AccountForm
          key={target.mode === "edit" ? target.account.id : "add"}
          target={target}
          switchTo={switchTo}
          onSwitchTo={setSwitchTo}
          onClose={close}
        />
      )}
    </Modal>
  );
}

function AccountForm({
  target,
  switchTo,
  onSwitchTo,
  onClose,
}: {
  target: AccountDialogTarget;
  switchTo: CostBasisMethod | null;
  onSwitchTo: (method: CostBasisMethod | null) => void;
  onClose: () => void;
}) {
  const saving = useAccountSave(target, onClose);
  const form = useAccountForm(target, saving, onSwitchTo);
  const methodField = useRef<HTMLDivElement>(null);
  const confirmSwitch = () => {
    if (saving.pending || target.mode !== "edit") return;
    saving.setFailure(null);
    saving.save(accountInput(form.state.values));
  };
  const backToForm = () => {
    saving.setFailure(null);
    onSwitchTo(null);
    // The step's buttons are gone: the method's select, which was changed, takes focus.
    setTimeout(() => methodField.current?.querySelector("select")?.focus(), 0);
  };

  if (target.mode === "edit" && switchTo !== null) {
    return (
      <MethodSwitchStep
        accountId={target.account.id}
        accountName={target.account.name}
        switchTo={switchTo}
        busy={saving.pending}
        failure={saving.failure}
        onConfirm={confirmSwitch}
        onBack={backToForm}
        onCancel={onClose}
      />
    );
  }

  return (
    <form onSubmit={submitTo(form)} noValidate className="space-y-4">
      <AccountNameFields form={form} saving={saving} />
      <AccountSettingFields
        form={form}
        saving={saving}
        methodField={methodField}
        offerDefault={target.mode === "edit" && !target.account.isDefault}
      />
      {saving.failure && <Alert tone="error">{saving.failure}</Alert>}
      <DialogFormButtons
        busy={saving.pending}
        submitLabel={target.mode === "edit" ? m.accounts_save_changes() : m.accounts_add()}
        onCancel={onClose}
      />
    </form>
  );
}
