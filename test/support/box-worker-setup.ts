// The built Worker the box's tests talk to (ADR 004): one for the run, with a local state of its
// own, and the test box's device key.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import type { TestProject } from "vitest/node";
import { requireFreshBuild } from "#scripts/build-freshness.ts";
import { freePort, startPreview } from "#scripts/preview-server.ts";
import { TEST_DEVICE } from "./box-test-config.ts";

declare module "vitest" {
  export interface ProvidedContext {
    boxWorker: { url: string; state: string };
  }
}

export default async function setup(project: TestProject) {
  requireFreshBuild();
  mkdirSync(".wrangler/tmp", { recursive: true });
  const folder = mkdtempSync(resolve(".wrangler/tmp/box-worker-"));
  const state = join(folder, "state");
  // Its own scratch and e-mails: the workerd tests read every message in the run's TMPDIR.
  const scratch = join(folder, "tmp");
  mkdirSync(scratch);
  const worker = await startPreview(await freePort(), {
    persistTo: state,
    vars: [
      `CAMERA_DEVICE_ID:${TEST_DEVICE.deviceId}`,
      `CAMERA_DEVICE_SECRET:${TEST_DEVICE.secret}`,
    ],
    env: { TMPDIR: scratch },
  });
  project.provide("boxWorker", { url: worker.url, state });
  return () => {
    worker.stop();
    rmSync(folder, { recursive: true, force: true, maxRetries: 5 });
  };
}
