/**
 * The command line of the page benches (boot-profile.ts, long-tasks.ts): numeric flags
 * (`--runs 3`), the routes, and the built web apps to compare (`--web DIR`, repeatable; "" is
 * the app's own build).
 */
export function pageBenchArgs(args: string[]) {
  const flag = (name: string, fallback: number) => {
    const at = args.indexOf(name);
    return at >= 0 ? Number(args[at + 1]) : fallback;
  };
  const routes = args.filter((arg, i) => !arg.startsWith("--") && !args[i - 1]?.startsWith("--"));
  const webRoots = args.flatMap((arg, i) => (args[i - 1] === "--web" ? [arg] : []));
  if (webRoots.length === 0) webRoots.push("");
  return { flag, routes, webRoots };
}
