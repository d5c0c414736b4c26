import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { lockOrReady } from "../support/demo-data";

// The lock that lets one of the test servers seed the demo data while the others wait
// (tests/support/demo-data.ts).

let root: string;
let lock: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "demo-lock-"));
  lock = path.join(root, ".tmp", "demo-data.lock");
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const never = async () => false;

/** A lock taken by a process that has ended since (as a run killed while it seeded). */
async function lockOfEndedProcess() {
  const ended = spawnSync(process.execPath, ["-e", ""]);
  await mkdir(lock, { recursive: true });
  await writeFile(path.join(lock, "owner"), String(ended.pid));
  return ended.pid;
}

describe("the demo data's lock", () => {
  it("is taken where there is none, with this process as its owner", async () => {
    expect(await lockOrReady(lock, never)).toBe("locked");
    expect(await readFile(path.join(lock, "owner"), "utf8")).toBe(String(process.pid));
  });

  it("waits while its owner lives, until the data is ready", async () => {
    await mkdir(lock, { recursive: true });
    await writeFile(path.join(lock, "owner"), String(process.pid));
    let checks = 0;
    expect(await lockOrReady(lock, async () => ++checks === 3)).toBe("ready");
    expect(checks).toBe(3);
  });

  // Not waited on until a timeout: the test's own 5 s would end first.
  it("is refused at once, saying what to do, when its owner has ended", async () => {
    const pid = await lockOfEndedProcess();
    await expect(lockOrReady(lock, never, 60_000)).rejects.toThrow(
      `${lock} was left by a run stopped while it seeded the demo data (process ${pid} has ended): remove it and run again`,
    );
  });
});
