import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, vi } from "vitest";
import { queryClient } from "../../src/lib/trpc";

/** What a procedure answers: its data, or a tRPC error with its HTTP status. */
export type ProcedureAnswer =
  | { data: unknown }
  | { error: { message: string; code: number; data: Record<string, unknown> }; status: number };

/**
 * Stands in for the API behind the web app's tRPC client, for the tests of one file: each named
 * procedure answers as its function says (given how many times it has been read, from 1), and a
 * read of any other procedure never answers (the test is not about it). `reads` counts each named
 * procedure's reads. Timers are faked but run on, so a test can jump a polling interval ahead.
 * Each test starts with an empty query cache and no reads.
 */
export function fakeTrpcServer(procedures: Record<string, (read: number) => ProcedureAnswer>) {
  const reads: Record<string, number> = {};

  beforeEach(() => {
    for (const name of Object.keys(procedures)) reads[name] = 0;
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"],
    });
    vi.stubGlobal("fetch", (url: string) => {
      const name = Object.keys(procedures).find((procedure) => String(url).includes(procedure));
      if (name === undefined) return new Promise(() => {});
      reads[name] = (reads[name] ?? 0) + 1;
      const answer = procedures[name]!(reads[name]);
      const body = "data" in answer ? { result: { data: answer.data } } : { error: answer.error };
      // A batch of one (httpBatchLink) is answered in a list; a call sent alone (httpLink) not.
      const batched = new URL(String(url), "http://app").searchParams.has("batch");
      return Promise.resolve(
        new Response(JSON.stringify(batched ? [body] : body), {
          status: "status" in answer ? answer.status : 200,
          headers: { "content-type": "application/json" },
        }),
      );
    });
  });

  afterEach(() => {
    cleanup();
    queryClient.clear();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  return { reads };
}

/** The app's query client around a component or hook under test. */
export const QueryWrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);
