import type {
  AuthUser,
  ForgotPasswordInput,
  LoginAnswer,
  LoginInput,
  LoginMfaInput,
  MessageResult,
  PasskeyRequestOptions,
  RegisterInput,
  ResetPasswordInput,
  SsoHandoffInput,
} from "@ledgerline/contracts";
import type { AuthenticationResponseJSON } from "@simplewebauthn/browser";
import { sendClientLog } from "./client-log";

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * The spec's public account paths with what each takes and answers, in the contracts' types: the
 * REST door reads each body with the path's input schema and writes each answer with its response
 * schema, so an answer is the contract's type for its path (no caller picks one).
 */
interface PublicPaths {
  "/auth/login": { body: LoginInput; answer: LoginAnswer };
  "/auth/login/mfa": { body: LoginMfaInput; answer: AuthUser };
  "/auth/passkeys/options": { body: { mfaToken?: string }; answer: PasskeyRequestOptions };
  "/auth/passkeys/verify": { body: { response: AuthenticationResponseJSON }; answer: LoginAnswer };
  "/auth/register": { body: RegisterInput; answer: AuthUser };
  "/auth/forgot-password": { body: ForgotPasswordInput; answer: MessageResult };
  "/auth/reset-password": { body: ResetPasswordInput; answer: MessageResult };
  "/auth/sso/session": { body: SsoHandoffInput; answer: LoginAnswer };
}

/** A call outside the tRPC client, as its failures are logged: what it is, where and how. */
export interface RestCall {
  name: string;
  url: string;
  method: "GET" | "POST";
}

/** A call that could not be sent: logged to the server, and an ApiError with status 0. */
export function unsentCall({ name, url, method }: RestCall, error: unknown): ApiError {
  sendClientLog({
    level: "error",
    message: `API call failed: ${name}`,
    context: { url, method, status: 0, statusText: "network error" },
  });
  return new ApiError(error instanceof Error ? error.message : "Network error", 0);
}

/**
 * A call the server refused or failed: logged to the server (spec: url, method, status,
 * statusText), and an ApiError with the message of the project's error body, if it has one.
 */
export async function failedCall({ name, url, method }: RestCall, response: Response) {
  const body: unknown = await response.json().catch(() => undefined);
  sendClientLog({
    level: response.status >= 500 ? "error" : "warn",
    message: `API call failed: ${name}`,
    context: { url, method, status: response.status, statusText: response.statusText },
  });
  const message =
    typeof body === "object" && body !== null && "message" in body
      ? body.message
      : response.statusText;
  return new ApiError(typeof message === "string" ? message : response.statusText, response.status);
}

/**
 * Calls one of the spec's public REST paths. The public account forms use this door, so the
 * pages a visitor sees first do not load the tRPC client.
 */
export async function postJson<P extends keyof PublicPaths>(
  path: P,
  body: PublicPaths[P]["body"],
): Promise<PublicPaths[P]["answer"]> {
  const call: RestCall = { name: path, url: `/api${path}`, method: "POST" };
  let response: Response;
  try {
    response = await fetch(call.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch (error) {
    throw unsentCall(call, error);
  }
  if (!response.ok) throw await failedCall(call, response);
  const answer: { json(): Promise<PublicPaths[P]["answer"]> } = response;
  return answer.json();
}
