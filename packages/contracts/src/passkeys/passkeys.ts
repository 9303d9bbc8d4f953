import { z } from "zod";
import { currentPassword } from "../auth/auth";
import { PASSKEY_NAME_MAX_LENGTH, passkeyMessages } from "./passkey-constants";
import { singleLineText } from "../shared/text";

const isoDate = z.iso.datetime({ offset: true });
/** WebAuthn's binary fields, as browsers and SimpleWebAuthn send them. */
const base64url = (max: number) =>
  z
    .string({ error: passkeyMessages.responseInvalid })
    .max(max, passkeyMessages.responseInvalid)
    .regex(/^[A-Za-z0-9_-]*$/, passkeyMessages.responseInvalid);
const credentialDescriptor = z.object({
  id: z.string(),
  type: z.string(),
  transports: z.array(z.string()).optional(),
});
/** The one extension the server asks for: whether the passkey is discoverable. */
const extensions = z.object({ credProps: z.boolean().optional() });
/** What the browser says of the extensions; not read. */
const extensionResults = z.record(z.string(), z.unknown());
const attachment = z.enum(["platform", "cross-platform"]);

/** What `navigator.credentials.create` is given (SimpleWebAuthn's JSON form). */
export const passkeyCreationOptions = z.object({
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ alg: z.number().int(), type: z.literal("public-key") })),
  timeout: z.number().int().optional(),
  excludeCredentials: z.array(credentialDescriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: attachment.optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(["discouraged", "preferred", "required"]).optional(),
      userVerification: z.enum(["discouraged", "preferred", "required"]).optional(),
    })
    .optional(),
  hints: z.array(z.enum(["hybrid", "security-key", "client-device"])).optional(),
  attestation: z.enum(["direct", "enterprise", "indirect", "none"]).optional(),
  attestationFormats: z.array(z.string()).optional(),
  extensions: extensions.optional(),
});

/** What `navigator.credentials.get` is given (SimpleWebAuthn's JSON form). */
export const passkeyRequestOptions = z.object({
  challenge: z.string(),
  timeout: z.number().int().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(credentialDescriptor).optional(),
  userVerification: z.enum(["discouraged", "preferred", "required"]).optional(),
  hints: z.array(z.enum(["hybrid", "security-key", "client-device"])).optional(),
  extensions: extensions.optional(),
});

/** The browser's answer to `navigator.credentials.create`, as JSON. */
export const passkeyRegistrationResponse = z.object(
  {
    id: base64url(1366),
    rawId: base64url(1366),
    type: z.literal("public-key", { error: passkeyMessages.responseInvalid }),
    response: z.object(
      {
        clientDataJSON: base64url(8192),
        attestationObject: base64url(65536),
        authenticatorData: base64url(65536).optional(),
        transports: z.array(z.string().max(32)).max(8).optional(),
        publicKeyAlgorithm: z.number().int().optional(),
        publicKey: base64url(8192).optional(),
      },
      { error: passkeyMessages.responseInvalid },
    ),
    authenticatorAttachment: attachment.optional(),
    clientExtensionResults: extensionResults.default({}),
  },
  { error: passkeyMessages.responseInvalid },
);

/** The browser's answer to `navigator.credentials.get`, as JSON. */
export const passkeyAuthenticationResponse = z.object(
  {
    id: base64url(1366),
    rawId: base64url(1366),
    type: z.literal("public-key", { error: passkeyMessages.responseInvalid }),
    response: z.object(
      {
        clientDataJSON: base64url(8192),
        authenticatorData: base64url(65536),
        signature: base64url(8192),
        userHandle: base64url(512).optional(),
      },
      { error: passkeyMessages.responseInvalid },
    ),
    authenticatorAttachment: attachment.optional(),
    clientExtensionResults: extensionResults.default({}),
  },
  { error: passkeyMessages.responseInvalid },
);

export const passkeyName = singleLineText("A passkey's name", passkeyMessages.nameRequired)
  .min(1, passkeyMessages.nameRequired)
  .max(PASSKEY_NAME_MAX_LENGTH, passkeyMessages.nameTooLong);

/** Adding a passkey outlives the session, so it takes the password, as two-factor set-up does. */
export const passkeyRegistrationOptionsInput = z.object({
  password: currentPassword.describe("The signed-in user's password, asked again"),
});

export const createPasskeyInput = z.object({
  name: passkeyName,
  response: passkeyRegistrationResponse,
});

export const passkeyIdInput = z.object({
  id: z.coerce
    .number({ error: passkeyMessages.notFound })
    .int(passkeyMessages.notFound)
    .positive(passkeyMessages.notFound)
    .max(2_147_483_647, passkeyMessages.notFound),
});

export const deletePasskeyInput = passkeyIdInput.extend({
  password: currentPassword.describe("The signed-in user's password, asked again"),
});

export const passkeyView = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: isoDate,
  lastUsedAt: isoDate.nullable(),
  /** Whether the passkey syncs between the owner's devices (a password manager's, a phone's). */
  backedUp: z.boolean(),
});
export type PasskeyView = z.infer<typeof passkeyView>;

/** Without `mfaToken`: a sign-in with any passkey; with it, the second step of a password sign-in. */
export const passkeySignInOptionsInput = z.object({
  mfaToken: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe("The token of POST /api/auth/login's answer, to use a passkey as the second factor"),
});

export const passkeySignInInput = z.object({ response: passkeyAuthenticationResponse });
export type CreatePasskeyInput = z.output<typeof createPasskeyInput>;
export type PasskeySignInInput = z.output<typeof passkeySignInInput>;
export type PasskeyRequestOptions = z.infer<typeof passkeyRequestOptions>;
