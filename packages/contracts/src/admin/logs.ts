import { z } from "zod";
import { clientLogLevels } from "../shared/enums";
import {
  CLIENT_LOG_CONTEXT_MAX_BYTES,
  CLIENT_LOG_MESSAGE_MAX_LENGTH,
  CLIENT_LOG_STACK_MAX_LENGTH,
} from "../shared/limits";

/** A log record the browser sends (spec section 3), bounded so it cannot flood the database. */
export const clientLogInput = z.object({
  level: z.enum(clientLogLevels, { error: "level must be info, warn or error" }),
  message: z.string().min(1, "message is required").max(CLIENT_LOG_MESSAGE_MAX_LENGTH),
  context: z
    .record(z.string(), z.unknown())
    .optional()
    .refine(
      (value) =>
        value === undefined || JSON.stringify(value).length <= CLIENT_LOG_CONTEXT_MAX_BYTES,
      {
        message: `context must be at most ${CLIENT_LOG_CONTEXT_MAX_BYTES} bytes of JSON`,
      },
    ),
  timestamp: z.iso.datetime({ offset: true, error: "timestamp must be an ISO 8601 date-time" }),
  error: z
    .object({
      message: z.string().max(CLIENT_LOG_MESSAGE_MAX_LENGTH),
      stack: z.string().max(CLIENT_LOG_STACK_MAX_LENGTH).optional(),
    })
    .optional(),
});
export type ClientLogInput = z.output<typeof clientLogInput>;
