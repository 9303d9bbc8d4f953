import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gaugeOf } from "./measures";

/** The repository root, and the built API server every process runs. */
export const root = join(import.meta.dirname, "..", "..", "..");
const server = join(root, "apps", "api", "dist", "server.js");

export function ensureBuilt(): void {
  if (existsSync(server)) return;
  console.log("building the app (pnpm build) ...");
  const built = spawnSync("pnpm", ["build"], { cwd: root, stdio: "inherit" });
  if (built.status !== 0) throw new Error("pnpm build failed");
}

export interface ClusterOptions {
  processes: number;
  basePort: number;
  balancerPort: number;
  databaseUrl: string;
  redisUrl: string;
  redisKeyPrefix: string;
  metricsToken: string;
  /** Worker processes (LEDGERLINE_ROLE=worker) beside the API processes, which then only serve. */
  workers: number;
  /** The first admin's sign-in, made by the first process on the new database. */
  admin: { email: string; password: string };
}

async function answers(url: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(1000) })).ok) return true;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

/**
 * N identical API processes on one PostgreSQL database and one Redis, behind HAProxy with the
 * configuration an operator gets in deploy/haproxy (its ports and log lines changed for a bench
 * on 127.0.0.1), and M worker processes running the queued jobs (not behind the balancer). Each
 * process can be killed with SIGKILL and started again.
 */
export class Cluster {
  readonly #options: ClusterOptions;
  readonly #processes = new Map<number, ChildProcess>();
  readonly #workers = new Map<number, ChildProcess>();
  #balancer: ChildProcess | undefined;

  constructor(options: ClusterOptions) {
    this.#options = options;
  }

  get balancerUrl(): string {
    return `http://127.0.0.1:${this.#options.balancerPort}`;
  }

  port(index: number): number {
    return this.#options.basePort + index;
  }

  async start(): Promise<void> {
    // The first process migrates the new database; the others then start together.
    await this.startProcess(0);
    await Promise.all([
      ...Array.from({ length: this.#options.processes - 1 }, (_, i) => this.startProcess(i + 1)),
      ...Array.from({ length: this.#options.workers }, (_, i) => this.#startWorker(i)),
    ]);
    await this.#startBalancer();
  }

  /** A worker serves only /api/health, on a port of its own past the API processes'. */
  workerPort(index: number): number {
    return this.#options.basePort + 50 + index;
  }

  workerPid(index: number): number | undefined {
    return this.#workers.get(index)?.pid;
  }

  async #startWorker(index: number): Promise<void> {
    const child = this.#spawn(this.workerPort(index), "worker");
    this.#workers.set(index, child);
    if (!(await answers(`http://127.0.0.1:${this.workerPort(index)}/api/health`, 60_000))) {
      throw new Error(`worker process ${index} did not become healthy`);
    }
  }

  killWorker(index: number): void {
    this.#workers.get(index)?.kill("SIGKILL");
    this.#workers.delete(index);
  }

  async startProcess(index: number): Promise<void> {
    // With workers, the API processes queue the jobs and never run them (decision 0052).
    const child = this.#spawn(this.port(index), this.#options.workers > 0 ? "api" : "both");
    this.#processes.set(index, child);
    if (!(await answers(`http://127.0.0.1:${this.port(index)}/api/health`, 60_000))) {
      throw new Error(`API process ${index} did not become healthy`);
    }
  }

  #spawn(port: number, role: "api" | "worker" | "both"): ChildProcess {
    const o = this.#options;
    return spawn(process.execPath, [server], {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
      env: {
        // eslint-disable-next-line no-restricted-properties -- the processes inherit PATH and the like
        ...process.env,
        NODE_ENV: "development",
        HOST: "127.0.0.1",
        PORT: String(port),
        LEDGERLINE_ROLE: role,
        ADMIN_EMAIL: o.admin.email,
        ADMIN_PASSWORD: o.admin.password,
        DATABASE_URL: o.databaseUrl,
        REDIS_URL: o.redisUrl,
        REDIS_KEY_PREFIX: o.redisKeyPrefix,
        METRICS_TOKEN: o.metricsToken,
        TRUST_PROXY: "true",
        LOG_LEVEL: "error",
        DEMO_SEED: "false",
        API_RATE_LIMIT_PER_MINUTE: "10000000",
        REGISTRATIONS_PER_HOUR: "100000",
      },
    });
  }

  /** What a crash does: no shutdown hooks, no goodbye. */
  kill(index: number): void {
    this.#processes.get(index)?.kill("SIGKILL");
    this.#processes.delete(index);
  }

  async #startBalancer(): Promise<void> {
    const template = readFileSync(join(root, "deploy", "haproxy", "haproxy.cfg"), "utf8");
    const servers = Array.from(
      { length: this.#options.processes },
      (_, i) => `    server api${i + 1} 127.0.0.1:${this.port(i)} check`,
    ).join("\n");
    const config = template
      .split("\n")
      .filter((line) => !/^\s*(log|option httplog|server )/.test(line))
      .join("\n")
      .replace("bind :80", `bind 127.0.0.1:${this.#options.balancerPort}`)
      // An unprivileged shell may not raise its file limit to what 20,000 connections need.
      .replace(/maxconn 20000/, "maxconn 4000")
      .concat(`\n${servers}\n`);
    const file = join(mkdtempSync(join(tmpdir(), "ledgerline-haproxy-")), "haproxy.cfg");
    writeFileSync(file, config);
    const check = spawnSync("haproxy", ["-c", "-q", "-f", file], { encoding: "utf8" });
    if (check.error) throw new Error("haproxy is not installed (apt-get install haproxy)");
    if (check.status !== 0) throw new Error(`haproxy refuses the configuration:\n${check.stderr}`);
    this.#balancer = spawn("haproxy", ["-db", "-f", file], {
      stdio: ["ignore", "ignore", "inherit"],
    });
    if (!(await answers(`${this.balancerUrl}/api/health`, 15_000))) {
      throw new Error("HAProxy did not answer");
    }
  }

  /** A process's /api/metrics as lines. */
  async #metrics(index: number): Promise<string[]> {
    const answer = await fetch(`http://127.0.0.1:${this.port(index)}/api/metrics`, {
      headers: { authorization: `Bearer ${this.#options.metricsToken}` },
      signal: AbortSignal.timeout(5000),
    });
    return (await answer.text()).split("\n");
  }

  /**
   * Each running API process's event-loop delay since the last scrape (prom-client's default
   * metrics: its 10 ms timer's late firings, measured by monitorEventLoopDelay and reset on each
   * scrape), in ms; a process that does not answer is left out.
   */
  async eventLoopDelays(): Promise<{ process: string; pid: number; p99: number; max: number }[]> {
    const read = await Promise.all(
      [...this.#processes.keys()].sort().map(async (index) => {
        try {
          const lines = await this.#metrics(index);
          return {
            process: `api${index + 1}`,
            pid: this.#processes.get(index)?.pid ?? 0,
            p99: gaugeOf(lines, "ledgerline_nodejs_eventloop_lag_p99_seconds") * 1000,
            max: gaugeOf(lines, "ledgerline_nodejs_eventloop_lag_max_seconds") * 1000,
          };
        } catch {
          return undefined;
        }
      }),
    );
    return read.filter((delay) => delay !== undefined);
  }

  /**
   * The deployment's upstream market calls, as every process reports them from Redis: the total
   * and each operation's (`provider/operation calls`).
   */
  async upstreamCalls(): Promise<{ total: number; byOperation: string[] }> {
    for (const index of this.#processes.keys()) {
      try {
        const lines = (await this.#metrics(index)).filter((line) =>
          line.startsWith("ledgerline_deployment_upstream_calls{"),
        );
        return {
          total: lines.reduce((total, line) => total + Number(line.split(" ").at(-1)), 0),
          byOperation: lines.map((line) => {
            const label = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(line)?.[1];
            return `${label("provider")}/${label("operation")} ${line.split(" ").at(-1)}`;
          }),
        };
      } catch {
        // ask the next process
      }
    }
    throw new Error("no API process answered /api/metrics");
  }

  /** Each running process's live prices: the symbols its clients watch, the upstreams it runs. */
  async livePrices(): Promise<{ process: string; symbols: number; upstreams: number }[]> {
    return Promise.all(
      [...this.#processes.keys()].sort().map(async (index) => {
        const lines = await this.#metrics(index);
        return {
          process: `api${index + 1}`,
          symbols: gaugeOf(lines, "ledgerline_live_symbols"),
          upstreams: gaugeOf(lines, "ledgerline_live_upstream_streams"),
        };
      }),
    );
  }

  stop(): void {
    for (const index of [...this.#processes.keys()]) this.kill(index);
    for (const index of [...this.#workers.keys()]) this.killWorker(index);
    this.#balancer?.kill("SIGTERM");
  }
}
