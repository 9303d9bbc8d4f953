import { z } from "zod";
import { API_KEY_NAME_MAX_LENGTH, apiKeyMessages } from "./api-key-constants";
import { currentPassword } from "./auth";
import { ledgerDateTime } from "../shared/dates";
import { apiKeyScopes } from "../shared/enums";
import { singleLineText } from "../shared/text";

const isoDate = z.iso.datetime({ offset: true });

export const apiKeyScope = z.enum(apiKeyScopes, { error: apiKeyMessages.scopeInvalid });

export const createApiKeyInput = z.object({
  name: singleLineText("A key's name", apiKeyMessages.nameRequired)
    .min(1, apiKeyMessages.nameRequired)
    .max(API_KEY_NAME_MAX_LENGTH, apiKeyMessages.nameTooLong),
  scope: apiKeyScope,
  /** Omitted or null: the key lasts until it is revoked. */
  expiresAt: ledgerDateTime("The expiry", apiKeyMessages.expiryInvalid)
    .nullish()
    .describe("When the key stops working (ISO 8601 with offset); omitted or null: never"),
  /** A key outlives the session that makes it, so it takes the password, as two-factor set-up does. */
  password: currentPassword.describe("The signed-in user's password, asked again"),
});
export type CreateApiKeyInput = z.output<typeof createApiKeyInput>;

/** A key as its owner's list shows it: never the key itself. */
export const apiKeyView = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: apiKeyScope,
  /** The key's first characters, to tell keys apart. */
  keyStart: z.string(),
  createdAt: isoDate,
  lastUsedAt: isoDate.nullable(),
  expiresAt: isoDate.nullable(),
});
export type ApiKeyView = z.infer<typeof apiKeyView>;

/** The answer to creating a key: the only time the key itself is sent. */
export const createdApiKey = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: apiKeyScope,
  key: z.string().describe("The key; shown this once, never again"),
  createdAt: isoDate,
  expiresAt: isoDate.nullable(),
});
export type CreatedApiKey = z.infer<typeof createdApiKey>;

export const apiKeyIdInput = z.object({
  id: z.coerce
    .number({ error: apiKeyMessages.notFound })
    .int(apiKeyMessages.notFound)
    .positive(apiKeyMessages.notFound)
    .max(2_147_483_647, apiKeyMessages.notFound),
});
