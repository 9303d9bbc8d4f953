import { z } from "zod";
import { authUser, currentPassword } from "./auth";
import { mfaMessages } from "./mfa-constants";

/** A 6-digit code or a recovery code; spaces and dashes a person types are ignored. */
export const mfaCode = z
  .string({ error: mfaMessages.codeRequired })
  .max(64, mfaMessages.codeWrong)
  .transform((value) => value.replace(/[\s-]/g, "").toLowerCase())
  .pipe(z.string().min(1, mfaMessages.codeRequired));

export const mfaPasswordInput = z.object({ password: currentPassword });

export const mfaSetup = z.object({
  secret: z.string().describe("The base32 secret, for apps that cannot scan the QR code"),
  otpauthUrl: z.string().describe("The otpauth:// URL the QR code encodes"),
});

export const mfaEnableInput = z.object({ code: mfaCode });

/** Turning two-factor sign-in off takes both factors: the password and a current or recovery code. */
export const mfaDisableInput = z.object({ password: currentPassword, code: mfaCode });
export type MfaDisableInput = z.output<typeof mfaDisableInput>;

export const mfaRecoveryCodes = z.object({
  recoveryCodes: z
    .array(z.string())
    .describe("Ten single-use codes for a lost authenticator; shown this once"),
});

export const mfaStatus = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type MfaStatus = z.infer<typeof mfaStatus>;

/** What login answers instead of the user when a code is still owed. */
export const mfaChallenge = z.object({
  mfaRequired: z.literal(true),
  mfaToken: z.string().describe("Send it with the code to POST /api/auth/login/mfa; 5 minutes"),
});
export type MfaChallenge = z.infer<typeof mfaChallenge>;

export const loginAnswer = z.union([authUser, mfaChallenge]);
export type LoginAnswer = z.infer<typeof loginAnswer>;

export const loginMfaInput = z.object({
  mfaToken: z
    .string({ error: mfaMessages.challengeInvalid })
    .min(1, mfaMessages.challengeInvalid)
    .max(200, mfaMessages.challengeInvalid),
  code: mfaCode,
});
export type LoginMfaInput = z.output<typeof loginMfaInput>;
