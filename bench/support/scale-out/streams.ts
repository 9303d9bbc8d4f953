import { request, type ClientRequest } from "node:http";
import { onServerSentEvents } from "../sse";

/** Coins: their market never closes, so they tick whatever the hour of the run. */
export const streamSymbols = ["BTC", "ETH", "SOL", "DOGE", "ADA"];

interface StreamClient {
  /** "api1".."apiN" for a client of one process, "haproxy" for one through the balancer. */
  via: string;
  events: number;
  symbols: Set<string>;
  /** When each event arrived, to find the longest silence. */
  arrivals: number[];
  latencies: number[];
  ended: boolean;
}

export interface StreamReport {
  via: string;
  clients: number;
  events: number;
  /** Clients that received every symbol's ticks. */
  clientsWithAllSymbols: number;
  /** Clients whose stream ended before the bench closed it (their process died). */
  ended: number;
  /** The longest time without an event on a client that stayed connected, in ms. */
  longestSilenceMs: number;
  /** When that silence began (epoch ms). */
  longestSilenceFrom: number;
  /** Tick-to-client delays of this group's clients, in ms, sorted. */
  latencies: number[];
}

/**
 * SSE clients of GET /api/stream on every process directly and through HAProxy, all watching
 * the same coins: what each process's clients receive, and each tick's delay from its time
 * (the event id, on the same machine's clock) to its arrival.
 */
export class StreamClients {
  readonly #clients: StreamClient[] = [];
  readonly #requests: ClientRequest[] = [];
  readonly latencies: number[] = [];

  async open(url: string, via: string, token: string): Promise<void> {
    const client: StreamClient = {
      via,
      events: 0,
      symbols: new Set(),
      arrivals: [],
      latencies: [],
      ended: false,
    };
    this.#clients.push(client);
    const { hostname, port } = new URL(url);
    await new Promise<void>((resolve, reject) => {
      const req = request(
        {
          host: hostname,
          port,
          path: `/api/stream?symbols=${streamSymbols.join(",")}`,
          headers: { authorization: `Bearer ${token}`, accept: "text/event-stream" },
          agent: false,
        },
        (res) => {
          if (res.statusCode !== 200) return reject(new Error(`stream: status ${res.statusCode}`));
          resolve();
          onServerSentEvents(res, (block) => {
            const id = /^id: (\d+)$/m.exec(block)?.[1];
            const symbol = /"symbol":"(\w+)"/.exec(block)?.[1];
            if (!id || !symbol) return;
            const now = Date.now();
            // The first event of each symbol is its latest known quote, not a new tick.
            if (client.symbols.has(symbol)) {
              this.latencies.push(now - Number(id));
              client.latencies.push(now - Number(id));
            }
            client.symbols.add(symbol);
            client.events += 1;
            client.arrivals.push(now);
          });
          res.on("close", () => (client.ended = true));
        },
      );
      req.on("error", (error) => {
        client.ended = true;
        reject(error);
      });
      req.end();
      this.#requests.push(req);
    });
  }

  close(): void {
    for (const req of this.#requests) req.destroy();
  }

  report(): StreamReport[] {
    const groups = [...new Set(this.#clients.map((client) => client.via))];
    return groups.map((via) => {
      const clients = this.#clients.filter((client) => client.via === via);
      let longest = { ms: 0, from: 0 };
      for (const client of clients.filter((candidate) => !candidate.ended)) {
        client.arrivals.slice(1).forEach((at, i) => {
          const from = client.arrivals[i]!;
          if (at - from > longest.ms) longest = { ms: at - from, from };
        });
      }
      return {
        via,
        clients: clients.length,
        events: clients.reduce((total, client) => total + client.events, 0),
        clientsWithAllSymbols: clients.filter(
          (client) => client.symbols.size === streamSymbols.length,
        ).length,
        ended: clients.filter((client) => client.ended).length,
        longestSilenceMs: longest.ms,
        longestSilenceFrom: longest.from,
        latencies: clients.flatMap((client) => client.latencies).sort((a, b) => a - b),
      };
    });
  }
}
