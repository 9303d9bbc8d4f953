import { once } from "node:events";
import { createServer } from "node:net";

/** A port free on 127.0.0.1 now, for a server a bench starts. */
export async function freePort(): Promise<number> {
  const probe = createServer().listen(0, "127.0.0.1");
  await once(probe, "listening");
  const { port } = probe.address() as { port: number };
  probe.close();
  return port;
}
