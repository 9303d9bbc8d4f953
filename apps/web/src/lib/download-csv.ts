import { failedCall, unsentCall, type RestCall } from "./rest";
import { sessionStore } from "./session";

/**
 * Downloads a CSV the API writes (the transaction export, Form 8949): fetched with the bearer
 * token (a plain link could not send it), then saved through a Blob URL, which the CSP allows
 * where an inline script would not be. `name` is what a failure is logged as; `fallback` the
 * file's name when the answer gives none.
 */
export async function downloadCsv(
  url: string,
  { name, fallback }: { name: string; fallback: string } = {
    name: "transaction export",
    fallback: "transactions.csv",
  },
): Promise<string> {
  const call: RestCall = { name, url, method: "GET" };
  const session = sessionStore.get();
  let response: Response;
  try {
    response = await fetch(url, {
      headers: session ? { authorization: `Bearer ${session.token}` } : {},
    });
  } catch (error) {
    throw unsentCall(call, error);
  }
  if (!response.ok) {
    const failure = await failedCall(call, response);
    if (response.status === 401) sessionStore.signOut("unauthorized");
    throw failure;
  }
  const blob = await response.blob();
  const filename =
    /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? fallback;
  const href = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = href;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has handed the file to the browser's download.
  setTimeout(() => URL.revokeObjectURL(href), 1000);
  return filename;
}
