// The budgets in `npm test`: the JavaScript sizes, then the Lighthouse gate, both against one
// preview of the build (starting one, with its demo content, takes about half a minute).
// Usage: npm run build && npm run test:budgets
import { spawnSync } from "node:child_process";
import { startPreview } from "./preview-server.ts";

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
