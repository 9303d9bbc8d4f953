import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type PolygonBehaviour = "answer" | "fail" | "hang";

export interface FakePolygon {
  url: string;
  /** Snapshot requests received, by ticker. */
  snapshotRequests: string[];
  /** From now on: answer, answer 503, or accept and never answer. */
  behave(behaviour: PolygonBehaviour): void;
  close(): Promise<void>;
}

const SNAPSHOT_PATH = "/v2/snapshot/locale/us/markets/stocks/tickers/";

/**
 * A local Polygon answering single-ticker snapshots for any ticker (an open market: the day has
 * trades), stamped with `updatedAt()`; it can be told to fail or to hang.
 */
export async function startFakePolygon(updatedAt: () => number): Promise<FakePolygon> {
  let behaviour: PolygonBehaviour = "answer";
  const snapshotRequests: string[] = [];
  const hung = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
    if (!path.startsWith(SNAPSHOT_PATH)) {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ status: "NOT_FOUND", message: "no route" }));
      return;
    }
    const ticker = decodeURIComponent(path.slice(SNAPSHOT_PATH.length));
    snapshotRequests.push(ticker);
    if (behaviour === "hang") {
      hung.add(res);
      return;
    }
    if (behaviour === "fail") {
      res.writeHead(503, { "content-type": "application/json" });
      res.end(JSON.stringify({ status: "ERROR", error: "upstream down" }));
      return;
    }
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        status: "OK",
        ticker: {
          ticker,
          day: { o: 100, h: 105, l: 99, c: 104, v: 1_000_000 },
          prevDay: { o: 98, h: 101, l: 97, c: 100, v: 900_000 },
          updated: updatedAt() * 1e6,
        },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    snapshotRequests,
    behave: (next) => {
      behaviour = next;
    },
    close: async () => {
      for (const res of hung) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
