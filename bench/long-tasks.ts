/**
 * What each long task of a signed-in page's boot is made of: the page is opened as in
 * boot-profile.ts (phone size, CPU slowed 4x), traced and CPU-profiled until the network is quiet
 * and SETTLE_MS more, and every main-thread task over 50 ms is printed with its start, its length,
 * its parts (script by file, style, layout, paint, ...) and the functions that took most of it.
 *
 *   pnpm build && tsx long-tasks.ts [--runs N] [--settle MS] [--top N] [--web DIR ...] route ...
 */
import type { CDPSession, Page } from "puppeteer-core";
import {
  ADMIN_ROUTES,
  launchChromium,
  signIn,
  startBuiltApp,
  type BuiltApp,
} from "./support/built-app";
import { pageBenchArgs } from "./support/page-bench-args";

const { flag, routes, webRoots } = pageBenchArgs(process.argv.slice(2));
const RUNS = flag("--runs", 1);
const SETTLE_MS = flag("--settle", 4000);
const TOP = flag("--top", 8);

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; functionName?: string; frame?: string } };
}
interface Profile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const shortUrl = (url: string | undefined) => (url ? (url.split("/").at(-1) ?? url) : "");

/** The renderer's main thread: the thread named CrRendererMain with the most work. */
function mainThread(events: TraceEvent[]): { pid: number; tid: number } {
  const mains = events.filter(
    (event) =>
      event.ph === "M" && event.name === "thread_name" && event.args?.name === "CrRendererMain",
  );
  const work = (pid: number, tid: number) =>
    events.filter((event) => event.pid === pid && event.tid === tid && event.name === "RunTask")
      .length;
  return mains
    .map(({ pid, tid }) => ({ pid, tid, work: work(pid, tid) }))
    .sort((a, b) => b.work - a.work)[0]!;
}

/** What a child event is called in the breakdown: scripts by their file. */
function partName(event: TraceEvent): string {
  const data = event.args?.data;
  if (["FunctionCall", "EvaluateScript", "v8.compile", "v8.compileModule"].includes(event.name)) {
    return `${event.name} ${shortUrl(data?.url)}${data?.functionName ? ` ${data.functionName}` : ""}`;
  }
  return event.name;
}

function describe(events: TraceEvent[], profile: Profile, navigationTs: number): string[] {
  const { pid, tid } = mainThread(events);
  const onMain = events
    .filter((event) => event.pid === pid && event.tid === tid && event.ph === "X")
    .sort((a, b) => a.ts - b.ts);
  const tasks = onMain.filter((event) => event.name === "RunTask" && (event.dur ?? 0) > 50_000);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const sampleTimes: number[] = [];
  let at = profile.startTime;
  for (const delta of profile.timeDeltas) sampleTimes.push((at += delta));
  const lines: string[] = [];
  let blocking = 0;
  for (const task of tasks) {
    const end = task.ts + task.dur!;
    blocking += task.dur! / 1000 - 50;
    // The task's direct parts: the outermost events inside it.
    const parts = new Map<string, number>();
    let coveredUntil = task.ts;
    for (const event of onMain) {
      if (event === task || event.ts < task.ts || event.ts >= end) continue;
      if (event.ts < coveredUntil) continue;
      coveredUntil = event.ts + (event.dur ?? 0);
      const name = partName(event);
      parts.set(name, (parts.get(name) ?? 0) + (event.dur ?? 0));
    }
    const functions = new Map<string, number>();
    profile.samples.forEach((id, i) => {
      const time = sampleTimes[i]!;
      if (time < task.ts || time >= end) return;
      const frame = byId.get(id)!.callFrame;
      if (frame.functionName === "(idle)") return;
      const name = `${frame.functionName || "(anonymous)"} ${shortUrl(frame.url)}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
      functions.set(name, (functions.get(name) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
    });
    const ms = (us: number) => (us / 1000).toFixed(0).padStart(5);
    lines.push(`  task at ${ms(task.ts - navigationTs)} ms: ${ms(task.dur!)} ms`);
    for (const [name, dur] of [...parts].sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
      lines.push(`    ${ms(dur)}  ${name}`);
    }
    // The sampled profile may not cover every task (it starts after the trace does).
    lines.push(functions.size > 0 ? "    self time:" : "    (no profile samples in this task)");
    for (const [name, dur] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
      lines.push(`      ${ms(dur)}  ${name}`);
    }
  }
  lines.unshift(`  ${tasks.length} long tasks, blocking ${blocking.toFixed(0)} ms`);
  return lines;
}

async function traced(app: BuiltApp, page: Page, cdp: CDPSession, route: string) {
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 250 });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.tracing.start({
    categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute"],
  });
  await cdp.send("Profiler.start");
  await page.goto(app.base + route, { waitUntil: "networkidle2", timeout: 60_000 });
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const { profile } = await cdp.send("Profiler.stop");
  const buffer = await page.tracing.stop();
  const { traceEvents } = JSON.parse(Buffer.from(buffer!).toString("utf8")) as {
    traceEvents: TraceEvent[];
  };
  // Times are from the navigation's start, the renderer's first task of this trace.
  const start = Math.min(
    ...traceEvents
      .filter((event) => event.name === "RunTask" && event.ts > 0)
      .map((event) => event.ts),
  );
  return describe(traceEvents, profile as Profile, start);
}

const apps: { web: string; app: BuiltApp }[] = [];
for (const web of webRoots) apps.push({ web, app: await startBuiltApp(web || undefined) });
const browser = await launchChromium();
try {
  for (const route of routes) {
    for (let run = 0; run < RUNS; run++) {
      for (const { web, app } of apps) {
        const page = await browser.newPage();
        await page.setViewport({ width: 390, height: 844, isMobile: true, deviceScaleFactor: 1 });
        await signIn(
          page,
          app,
          ADMIN_ROUTES.includes(route) ? app.sessions.admin : app.sessions.user,
        );
        const cdp = await page.createCDPSession();
        const lines = await traced(app, page, cdp, route);
        console.log(`${route} ${web.split("/").at(-2) ?? ""} run ${run + 1}`);
        console.log(lines.join("\n"));
        await page.close();
      }
    }
  }
} finally {
  await browser.close();
  for (const { app } of apps) app.stop();
}
