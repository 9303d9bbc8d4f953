/**
 * Main-thread cost of the signed-in pages, as a CPU profile sees it (less noisy than Lighthouse
 * on a shared machine): each route is opened at a phone's size with the CPU slowed 4x, and the
 * boot (navigation until the network is quiet) and then TICK_MS of live ticks are profiled.
 *
 *   pnpm build && tsx boot-profile.ts [--runs N] [--width W] [--ticks MS] [--web DIR ...]
 *     [--dump DIR] route ...
 *
 * With several --web folders (built web apps, e.g. a copy of main's apps/web/dist, labelled by
 * the folder above), each gets its own server and the runs alternate between them, so a drifting
 * load falls on all alike. --dump writes every profile to DIR (open them in DevTools).
 *
 * Prints per route the medians of: scripting ms (samples that are not idle, program or GC),
 * long tasks (count and blocking ms over 50 ms, PerformanceObserver), and the same for the ticks.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { CDPSession, Page } from "puppeteer-core";
import {
  ADMIN_ROUTES,
  launchChromium,
  signIn,
  startBuiltApp,
  type BuiltApp,
} from "./support/built-app";
import { pageBenchArgs } from "./support/page-bench-args";

const args = process.argv.slice(2);
const { flag, routes, webRoots } = pageBenchArgs(args);
const RUNS = flag("--runs", 3);
const WIDTH = flag("--width", 390);
const TICK_MS = flag("--ticks", 10_000);
const dumpAt = args.indexOf("--dump");
const DUMP = dumpAt >= 0 ? args[dumpAt + 1] : undefined;

const apps: { web: string; app: BuiltApp }[] = [];
for (const web of webRoots) apps.push({ web, app: await startBuiltApp(web || undefined) });
const browser = await launchChromium();

interface Profile {
  nodes: { id: number; callFrame: { functionName: string; url: string } }[];
  samples: number[];
  timeDeltas: number[];
}
function scriptingMs(profile: Profile): number {
  const idle = new Set(
    profile.nodes
      .filter((node) =>
        ["(idle)", "(program)", "(garbage collector)", "(root)"].includes(
          node.callFrame.functionName,
        ),
      )
      .map((node) => node.id),
  );
  let total = 0;
  profile.samples.forEach((id, i) => {
    if (!idle.has(id)) total += profile.timeDeltas[i] ?? 0;
  });
  return total / 1000;
}

async function longTasks(page: Page): Promise<{ count: number; blocking: number }> {
  return page.evaluate(() => {
    const store = globalThis as unknown as { __long: number[] };
    const tasks = store.__long.splice(0);
    return {
      count: tasks.length,
      blocking: tasks.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0),
    };
  });
}

let dumped = 0;
async function profiled<T>(cdp: CDPSession, work: () => Promise<T>): Promise<[number, T]> {
  await cdp.send("Profiler.start");
  const result = await work();
  const { profile } = await cdp.send("Profiler.stop");
  if (DUMP) writeFileSync(join(DUMP, `${dumped++}.cpuprofile`), JSON.stringify(profile));
  return [scriptingMs(profile as Profile), result];
}

interface Run {
  bootMs: number;
  bootLong: number;
  bootBlocking: number;
  tickMs: number;
  tickLong: number;
  tickBlocking: number;
}
async function measure(app: BuiltApp, route: string): Promise<Run> {
  const page = await browser.newPage();
  await page.setViewport({
    width: WIDTH,
    height: 844,
    isMobile: WIDTH < 600,
    deviceScaleFactor: 1,
  });
  await signIn(page, app, ADMIN_ROUTES.includes(route) ? app.sessions.admin : app.sessions.user);
  // In the page (this bench has no DOM types): every long task's duration, read by longTasks().
  await page.evaluateOnNewDocument(`
    globalThis.__long = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) globalThis.__long.push(entry.duration);
    }).observe({ type: "longtask", buffered: true });
  `);
  const cdp = await page.createCDPSession();
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  const [bootMs, boot] = await profiled(cdp, async () => {
    await page.goto(app.base + route, { waitUntil: "networkidle2", timeout: 60_000 });
    return longTasks(page);
  });
  const [tickMs, ticks] = await profiled(cdp, async () => {
    await new Promise((resolve) => setTimeout(resolve, TICK_MS));
    return longTasks(page);
  });
  await page.close();
  return {
    bootMs,
    bootLong: boot.count,
    bootBlocking: boot.blocking,
    tickMs,
    tickLong: ticks.count,
    tickBlocking: ticks.blocking,
  };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
try {
  console.log(`CPU x4, width ${WIDTH}, median of ${RUNS}; ticks over ${TICK_MS} ms`);
  console.log("route                boot-js  long  block | tick-js  long  block");
  for (const route of routes) {
    const runs = apps.map(() => [] as Run[]);
    for (let i = 0; i < RUNS; i++) {
      for (const [s, { app }] of apps.entries()) runs[s]!.push(await measure(app, route));
    }
    for (const [s, { web }] of apps.entries()) {
      const of = (key: keyof Run) => Math.round(median(runs[s]!.map((run) => run[key])));
      console.log(
        [
          (route + (web ? ` ${web.split("/").at(-2) ?? ""}` : "")).padEnd(20),
          String(of("bootMs")).padStart(7),
          String(of("bootLong")).padStart(5),
          String(of("bootBlocking")).padStart(6),
          "|",
          String(of("tickMs")).padStart(7),
          String(of("tickLong")).padStart(5),
          String(of("tickBlocking")).padStart(6),
        ].join(" "),
      );
    }
  }
} finally {
  await browser.close();
  for (const { app } of apps) app.stop();
}
