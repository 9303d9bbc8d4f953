import { localeNames, supportedLocales, type SupportedLocale } from "@ledgerline/contracts/browser";
import { m } from "@ledgerline/messages";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "../../../components/ui/Alert";
import { Card } from "../../../components/ui/Card";
import { SelectField, enumOptions } from "../../../components/ui/SelectField";
import { notify } from "../../../lib/notify";
import { sessionStore } from "../../../lib/session";
import { errorMessage, trpc } from "../../../lib/trpc";
import { useSession } from "../../../lib/use-session";

const options = enumOptions(supportedLocales, localeNames);

/**
 * The locale numbers and dates are written in (issue 36): saved as soon as it is chosen, and kept
 * in the session's user, which every screen's figures follow.
 */
export function LocaleSetting() {
  const session = useSession();
  const [failure, setFailure] = useState<string | null>(null);
  const save = useMutation(
    trpc.locale.set.mutationOptions({
      onMutate: () => setFailure(null),
      onSuccess: (saved) => {
        const user = sessionStore.get()?.user;
        if (user) sessionStore.updateUser({ ...user, locale: saved.locale });
        // A toast, not a line in this card: the new locale remakes the screen, this card too.
        notify.success(m.settings_locale_saved());
      },
      onError: (failure) => setFailure(errorMessage(failure, m.settings_locale_save_failed())),
    }),
  );
  // A session restored from before locales were stored has none: it reads as the default.
  const value: SupportedLocale = save.isPending
    ? save.variables.locale
    : (session?.user.locale ?? "en-US");

  return (
    <Card>
      <h2 className="text-lg font-semibold">{m.settings_locale_heading()}</h2>
      <p className="mt-1 text-sm text-muted">{m.settings_locale_intro()}</p>
      <SelectField
        className="mt-4 max-w-sm"
        label={m.settings_locale_label()}
        value={value}
        options={options}
        disabled={save.isPending}
        onChange={(locale) => save.mutate({ locale })}
      />
      {failure && (
        <Alert tone="error" className="mt-4">
          {failure}
        </Alert>
      )}
    </Card>
  );
}
