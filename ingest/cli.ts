// The camera box CLI (ingest/README.md): `npm run box -- --input testsrc` locally, camera-box.service on the wall.

import { addDays } from "#time/calendar-day.ts";
import { lakeDate } from "#time/lake-time.ts";
import { boxCheck } from "./box-check.ts";
import { BoxStatus } from "./box-status.ts";
import { CameraReader } from "./camera-reader.ts";
import { loadConfig, parseCommandLine } from "./config.ts";
import { captureEveryDay } from "./daily-schedule.ts";
import { log } from "./log.ts";
import { runBox } from "./run-box.ts";
import { timelapseDemo } from "./timelapse-demo.ts";
import { renderTimelapse } from "./timelapse-render.ts";
import { uploadPendingTimelapses, uploadTimelapse } from "./timelapse-uploader.ts";

const USAGE = `Usage: npm run box -- [command] [--input INPUT] [--url WORKER_URL] [--config FILE]
  (no command)        live stream, stills, frames from dawn to dusk, nightly film
  check               what stands between this box and a working camera, in plain words
  capture             only the frames, day after day
  render [--day DAY]  render a day's film (default: yesterday)
  upload [--day DAY]  upload a day's film (default: every one still waiting)
  timelapse --demo    a compressed day, rendered and uploaded as yesterday's film
INPUT is an rtsp:// URL, a video file or testsrc; every setting also has an environment
variable (CAMERA_INPUT, CAMERA_WORKER_URL, …): see ingest/README.md.`;

let command = "box";

async function main() {
  const argv = process.argv.slice(2);
  const args = parseCommandLine(argv);
  if (args.help) {
    console.log(USAGE);
    return;
  }
  command = args.command;
  const config = loadConfig(argv, process.env);
  const yesterday = addDays(lakeDate(new Date(), config.timeZone), -1);
  switch (args.command) {
    case "run":
      return runBox(config);
    case "check":
      if (!(await boxCheck(config))) process.exitCode = 1;
      return;
    case "capture": {
      const stop = new AbortController();
      const reader = new CameraReader(config);
      for (const signal of ["SIGINT", "SIGTERM"] as const) {
        process.once(signal, () => {
          stop.abort();
          void reader.stop();
        });
      }
      reader.start();
      return captureEveryDay(config, reader, new BoxStatus(), stop.signal);
    }
    case "render":
      await renderTimelapse(config, args.day ?? yesterday);
      return;
    case "upload":
      if (args.day) await uploadTimelapse(config, args.day);
      else {
        const { uploaded, failed } = await uploadPendingTimelapses(config);
        if (uploaded.length + failed.length === 0) log("upload: no film is waiting");
        if (failed.length > 0) throw new Error(`not uploaded: ${failed.join(", ")}`);
      }
      return;
    case "timelapse": {
      if (!args.demo) throw new Error("timelapse needs --demo (the nightly run renders by itself)");
      const id = await timelapseDemo(config);
      log(`demo: the Worker registered yesterday's film as ${id}`);
      return;
    }
  }
}

try {
  await main();
} catch (error) {
  console.error(
    `[box] ${command} failed: ${error instanceof Error ? error.message : String(error)}`,
  );
  if (error instanceof Error && error.message.startsWith("Unknown ")) console.error(USAGE);
  process.exit(1);
}
