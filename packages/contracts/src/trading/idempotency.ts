import { z } from "zod";
import { IDEMPOTENCY_KEY_MAX_LENGTH, idempotencyMessages } from "./idempotency-constants";

/**
 * An idempotency key: what a client sends to make a retried write happen once. Visible ASCII
 * (a UUID fits), as the IETF draft's structured-header string allows.
 */
export const idempotencyKey = z
  .string({ error: idempotencyMessages.invalidKey })
  .regex(/^[\x20-\x7E]+$/, idempotencyMessages.invalidKey)
  .max(IDEMPOTENCY_KEY_MAX_LENGTH, idempotencyMessages.invalidKey)
  .refine((key) => key.trim() === key, idempotencyMessages.invalidKey);

/** The optional field every signed-in mutation accepts on the tRPC door. */
export const idempotencyInput = z.object({ idempotencyKey: idempotencyKey.optional() }).optional();
