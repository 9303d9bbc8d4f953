import { describe, expect, it } from "vitest";
import { KeptByVersion } from "./kept-by-version";
import type { AppDeps } from "./scope";

const deps = {} as AppDeps;

/** A build that counts its calls and answers `value`. */
function counted<T>(value: T) {
  const build = () => {
    build.calls++;
    return Promise.resolve(value);
  };
  build.calls = 0;
  return build;
}

describe("KeptByVersion", () => {
  it("builds once per slot and version: a repeat read is the kept value, a new version builds", async () => {
    const kept = new KeptByVersion<string>(4);
    const first = counted("a");
    expect(await kept.read(deps, "7:ALL", "v1", first)).toBe("a");
    expect(await kept.read(deps, "7:ALL", "v1", first)).toBe("a");
    expect(first.calls).toBe(1);
    const after = counted("b");
    expect(await kept.read(deps, "7:ALL", "v2", after)).toBe("b");
    expect(after.calls).toBe(1);
    // Another slot (another user's) never reads this one's.
    const theirs = counted("c");
    expect(await kept.read(deps, "8:ALL", "v2", theirs)).toBe("c");
  });

  it("keeps nothing without a version, shares a build in flight, forgets a failed one", async () => {
    const kept = new KeptByVersion<string>(4);
    const unversioned = counted("a");
    await kept.read(deps, "s", undefined, unversioned);
    await kept.read(deps, "s", undefined, unversioned);
    expect(unversioned.calls).toBe(2);

    const shared = counted("b");
    const [one, two] = await Promise.all([
      kept.read(deps, "t", "v1", shared),
      kept.read(deps, "t", "v1", shared),
    ]);
    expect([one, two, shared.calls]).toEqual(["b", "b", 1]);

    await expect(
      kept.read(deps, "u", "v1", () => Promise.reject(new Error("down"))),
    ).rejects.toThrow("down");
    // Let the failure's handler forget it.
    await new Promise((resolve) => setImmediate(resolve));
    const retried = counted("d");
    expect(await kept.read(deps, "u", "v1", retried)).toBe("d");
    expect(retried.calls).toBe(1);
  });

  it("lets the least recently read slot go past its size", async () => {
    const kept = new KeptByVersion<string>(2);
    await kept.read(deps, "a", "v", counted("a"));
    await kept.read(deps, "b", "v", counted("b"));
    await kept.read(deps, "a", "v", counted("a"));
    await kept.read(deps, "c", "v", counted("c"));
    const again = { a: counted("a"), b: counted("b") };
    await kept.read(deps, "a", "v", again.a);
    await kept.read(deps, "b", "v", again.b);
    expect([again.a.calls, again.b.calls]).toEqual([0, 1]);
  });
});
