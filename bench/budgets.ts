// The budgets in `npm test` against one preview of the build (bench/README.md).
import { spawnSync } from "node:child_process";
import { startPreview } from "#scripts/preview-server.ts";

const preview = await startPreview();
try {
  for (const args of [["bench/client-js.ts"], ["bench/lighthouse.ts", "--gate"]]) {
    const { status } = spawnSync("node", args, {
      stdio: "inherit",
      env: { ...process.env, BENCH_URL: preview.url },
    });
    if (status !== 0) {
      process.exitCode = 1;
      break;
    }
  }
} finally {
  preview.stop();
}
