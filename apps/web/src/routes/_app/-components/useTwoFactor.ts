import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useForm } from "@tanstack/react-form";
import { useState } from "react";
import { trpc } from "../../../lib/trpc";

interface Setup {
  secret: string;
  otpauthUrl: string;
  qrSvg: string;
}

/**
 * Two-factor sign-in's state: whether it is on, a set-up in progress, the recovery codes just
 * issued, and the two forms (the password one sets up or turns off; the code one turns on).
 */
export function useTwoFactor() {
  const queryClient = useQueryClient();
  const status = useQuery(trpc.mfa.status.queryOptions());
  const [setup, setSetup] = useState<Setup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const refresh = () => queryClient.invalidateQueries(trpc.mfa.status.pathFilter());

  const start = useMutation(
    trpc.mfa.setup.mutationOptions({
      // The set-up is shown with its QR code, drawn here (the mutation is pending until it is):
      // the QR library is loaded only now, so no first screen carries it.
      onSuccess: async (answer) => {
        const { toString } = await import("qrcode");
        const qrSvg = await toString(answer.otpauthUrl, { type: "svg", margin: 1 });
        setSetup({ ...answer, qrSvg });
        passwordForm.reset();
      },
    }),
  );
  const enable = useMutation(
    trpc.mfa.enable.mutationOptions({
      onSuccess: async (answer) => {
        setRecoveryCodes(answer.recoveryCodes);
        setSetup(null);
        codeForm.reset();
        await refresh();
      },
    }),
  );
  const disable = useMutation(
    trpc.mfa.disable.mutationOptions({
      onSuccess: async () => {
        passwordForm.reset();
        setRecoveryCodes(null);
        await refresh();
      },
    }),
  );
  const enabled = status.data?.enabled ?? false;
  const passwordForm = useForm({
    defaultValues: { password: "", code: "" },
    onSubmit: ({ value }) =>
      enabled ? disable.mutate(value) : start.mutate({ password: value.password }),
  });
  const codeForm = useForm({
    defaultValues: { code: "" },
    onSubmit: ({ value }) => enable.mutate({ code: value.code }),
  });
  const failure = start.error ?? enable.error ?? disable.error;
  const passwordBusy = start.isPending || disable.isPending;
  return {
    status,
    enabled,
    setup,
    recoveryCodes,
    failure,
    passwordForm,
    codeForm,
    passwordBusy,
    enable,
  };
}

export type TwoFactorState = ReturnType<typeof useTwoFactor>;
