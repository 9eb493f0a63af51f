import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { testConfig } from "#test/support/box-test-config.ts";
import { storedDays } from "./day-store.ts";
import { hasRoom, pruneOldDays } from "./disk-budget.ts";

describe("the box's disk", () => {
  test("keeps frames and films only for their retention days, uploaded or not", async () => {
    const config = await testConfig();
    for (const day of ["2026-07-01", "2026-07-07", "2026-07-10", "2026-07-11", "2026-07-13"]) {
      await mkdir(join(config.dataDir, "frames", day), { recursive: true });
      await mkdir(join(config.dataDir, "films", day), { recursive: true });
    }
    await pruneOldDays(config, "2026-07-14");
    expect(await storedDays(config, "frames")).toEqual(["2026-07-11", "2026-07-13"]);
    expect(await storedDays(config, "films")).toEqual([
      "2026-07-07",
      "2026-07-10",
      "2026-07-11",
      "2026-07-13",
    ]);
  });

  test("has room for frames only above the free-space floor", async () => {
    expect(await hasRoom(await testConfig({ CAMERA_MIN_FREE_MIB: "1" }))).toBe(true);
    expect(await hasRoom(await testConfig({ CAMERA_MIN_FREE_MIB: String(1024 ** 3) }))).toBe(false);
  });
});
