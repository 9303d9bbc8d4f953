import { readFileSync } from "node:fs";
import type { TestApp } from "../support/test-app";

export type Door = "rest" | "trpc";
export type Answer<T> = {
  status: number;
  data: T;
  message?: string;
  issues?: { path: string; message: string }[];
};

/** An import's preview or run through either door, answered the same way. */
export async function importCall<T>(
  t: TestApp,
  door: Door,
  kind: "preview" | "run",
  body: unknown,
  token: string,
): Promise<Answer<T>> {
  if (door === "rest") {
    const response = await t.request(
      "POST",
      kind === "preview" ? "/api/import/preview" : "/api/import",
      {
        token,
        body,
      },
    );
    const answer = response.body as unknown as T & {
      message?: string;
      issues?: Answer<T>["issues"];
    };
    return {
      status: response.status,
      data: answer,
      message: answer.message,
      issues: answer.issues,
    };
  }
  const response = await t.trpc("mutation", `import.${kind}`, body, token);
  const answer = response.body as unknown as {
    result?: { data: T };
    error?: { message: string; data?: { issues?: Answer<T>["issues"] } };
  };
  return {
    status: response.status,
    data: answer.result?.data as T,
    message: answer.error?.message,
    issues: answer.error?.data?.issues,
  };
}

/** A recorded broker export of test/fixtures/import, as text. */
export const importSample = (name: string) =>
  readFileSync(new URL(`../fixtures/import/${name}`, import.meta.url), "utf8");
