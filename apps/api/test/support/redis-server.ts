import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import { redisAnswers } from "./services";

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  server.close();
  await once(server, "close");
  return port;
}

/**
 * A Redis server of the test's own (redis-server on a free port, nothing saved to disk), which
 * the test may stop and start again on the same port: never the shared one other suites use.
 */
export async function ownRedisServer() {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;

  async function start() {
    server = spawn(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      { stdio: "ignore" },
    );
    const deadline = Date.now() + 10_000;
    while (!(await redisAnswers(url))) {
      if (Date.now() > deadline) throw new Error(`redis-server did not answer on port ${port}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Stops the server as a crash would (SIGKILL): no goodbye to its clients. */
  async function stop() {
    const running = server;
    server = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = once(running, "exit");
    running.kill("SIGKILL");
    await exited;
  }

  /** Freezes the server (SIGSTOP): connections stay open, nothing is answered. */
  const pause = () => server?.kill("SIGSTOP");
  const resume = () => server?.kill("SIGCONT");

  await start();
  return { url, start, stop, pause, resume };
}
