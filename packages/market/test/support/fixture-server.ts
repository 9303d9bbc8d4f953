import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";

/** A recorded provider payload from test/fixtures. */
export function fixture(path: string): string {
  return readFileSync(join(import.meta.dirname, "..", "fixtures", path), "utf8");
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
}

export type Reply =
  | { status?: number; body: string; headers?: Record<string, string> }
  /** Accept the request and never answer (a hung upstream). */
  | { hang: true }
  /** Send headers, then stall the body forever. */
  | { stallBody: true }
  /** Drop the connection without an answer. */
  | { destroy: true };

export type Route = (request: RecordedRequest) => Reply | undefined;

export interface FixtureServer {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1 and a free port, answering from `route` (404 otherwise). */
export async function startFixtureServer(route: Route): Promise<FixtureServer> {
  const requests: RecordedRequest[] = [];
  const open = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const recorded = {
      method: req.method ?? "GET",
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
    };
    requests.push(recorded);
    const reply = route(recorded) ?? {
      status: 404,
      body: JSON.stringify({ status: "NOT_FOUND", message: "no route" }),
    };
    if ("hang" in reply) {
      open.add(res);
      return;
    }
    if ("destroy" in reply) {
      req.socket.destroy();
      return;
    }
    if ("stallBody" in reply) {
      open.add(res);
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"status":"OK",');
      return;
    }
    res.writeHead(reply.status ?? 200, { "content-type": "application/json", ...reply.headers });
    res.end(reply.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of open) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
