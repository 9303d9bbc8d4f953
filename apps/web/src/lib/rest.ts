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
 * Calls one of the spec's REST paths. The public account forms use this door, so the pages a
 * visitor sees first do not load the tRPC client.
 */
export async function postJson<T>(path: `/${string}`, body: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch (error) {
    sendClientLog({
      level: "error",
      message: `API call failed: ${path}`,
      context: { url: `/api${path}`, method: "POST", status: 0, statusText: "network error" },
    });
    throw new ApiError(error instanceof Error ? error.message : "Network error", 0);
  }
  const payload = (await response.json().catch(() => ({}))) as { message?: string };
  if (!response.ok) {
    sendClientLog({
      level: response.status >= 500 ? "error" : "warn",
      message: `API call failed: ${path}`,
      context: {
        url: `/api${path}`,
        method: "POST",
        status: response.status,
        statusText: response.statusText,
      },
    });
    throw new ApiError(payload.message ?? response.statusText, response.status);
  }
  return payload as T;
}
