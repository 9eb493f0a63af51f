// The default mode: control socket, live stream, stills, frames, sunsets and nightly film from one camera connection.

import { BOX_PROTOCOL } from "#protocol/camera-box.ts";
import { addDays } from "#time/calendar-day.ts";
import { lakeDate } from "#time/lake-time.ts";
import { BoxStatus } from "./box-status.ts";
import { CameraReader } from "./camera-reader.ts";
import type { BoxConfig } from "./config.ts";
import { ControlChannel, type ControlCommand } from "./control.ts";
import { captureEveryDay, filmOf, renderEveryNight } from "./daily-schedule.ts";
import { proposeEveryDusk } from "./day-picks.ts";
import { reportHealth } from "./health-report.ts";
import { log } from "./log.ts";
import { superviseService } from "./service-watchdog.ts";
import { drainStills, stillFromCamera, takeStill } from "./still.ts";
import { Streamer } from "./streamer.ts";
import { captureEverySunset } from "./sunset-captures.ts";

const VERSION = "1";
const FIRST_STILL_WAIT_MS = 30_000;

export async function runBox(config: BoxConfig) {
  const status = new BoxStatus();
  let streamer: Streamer | null = null;
  let runUntil = 0;
  let dropTimer: NodeJS.Timeout | null = null;
  let gapFrom: number | null = null;
  const daily = new AbortController();

  const reader = new CameraReader(config, {
    onAnswering: (answering, since) => {
      control.send({ type: "camera", reachable: answering });
      if (!answering) {
        gapFrom = since;
        log("camera: not answering, the site shows it offline until it answers again");
        return;
      }
      if (gapFrom === null) return log("camera: answering");
      const gap = `no picture from ${new Date(gapFrom).toISOString()} to ${new Date(since).toISOString()} (${Math.round((since - gapFrom) / 1000)} s)`;
      gapFrom = null;
      log(`camera: answering again, ${gap}`);
      status.event("camera_gap", gap);
    },
    onRestart: (why) => status.restarted("camera", why),
  });

  async function stopStream(why: string) {
    const current = streamer;
    streamer = null;
    if (!current) return;
    log(`stream ${current.epoch}: stopping (${why})`);
    await current.stop();
  }

  async function onCommand(command: ControlCommand) {
    if (command.type === "refused") {
      log(`control: the Worker refused a report (${command.code}): ${command.message}`);
      return;
    }
    if (command.type === "stop") {
      if (streamer?.epoch === command.epoch) await stopStream("told to stop");
      return;
    }
    runUntil = Date.now() + Math.min(command.runSeconds, config.maxRunSeconds) * 1000;
    if (streamer?.epoch === command.epoch) return;
    await stopStream(`epoch ${command.epoch} replaces it`);
    const socket = command.segmentsOnSocket ? control : null;
    const next = new Streamer(command.epoch, { config, reader, status, socket }, (reason) => {
      if (streamer === next) streamer = null;
      control.send({ type: "failed", epoch: command.epoch, reason });
    });
    streamer = next;
    await next.start();
  }

  const health = reportHealth({ config, status, reader }, (report) => control.send(report));
  const control = new ControlChannel(config, {
    onCommand: (command) => void onCommand(command),
    onUp: () => {
      if (dropTimer) clearTimeout(dropTimer);
      dropTimer = null;
      const epoch = streamer?.epoch ?? null;
      const camera = reader.answeringIfKnown;
      control.send({ type: "hello", version: VERSION, epoch, protocol: BOX_PROTOCOL, camera });
      status.sendEventsWith((event) => control.send(event));
      void health.now();
      void drainStills(config, status);
    },
    onDown: () => {
      status.sendEventsWith(null);
      if (!streamer || dropTimer) return;
      // Segments go by PUT meanwhile: a short blip of the control socket need not end the stream.
      dropTimer = setTimeout(() => {
        dropTimer = null;
        void stopStream("control connection lost");
      }, config.dropTimeoutSeconds * 1000);
    },
  });

  setInterval(() => {
    if (streamer && Date.now() > runUntil) void stopStream("hard time limit reached");
  }, 1000);

  const still = () => takeStill(config, reader, status);
  // Stills on the slot boundaries (…:00, …:10, …), the moments the archive keeps.
  const interval = config.stillIntervalSeconds * 1000;
  setTimeout(
    () => {
      void still();
      setInterval(() => void still(), interval);
    },
    interval - (Date.now() % interval),
  );

  status.film = await filmOf(config, addDays(lakeDate(new Date(), config.timeZone), -1));
  const daylong = [
    captureEveryDay(config, reader, status, daily.signal),
    renderEveryNight(config, status, daily.signal),
    proposeEveryDusk(config, () => drainStills(config, status), daily.signal),
    captureEverySunset(config, () => stillFromCamera(reader), daily.signal),
  ];

  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      log(`received ${signal}, shutting down`);
      control.close();
      daily.abort();
      void Promise.allSettled([stopStream("shutting down"), reader.stop(), ...daylong]).finally(
        () => process.exit(0),
      );
    });
  }

  log(`camera box ${config.deviceId}: input ${config.input}, worker ${config.workerUrl}`);
  reader.start();
  superviseService(status, reader);
  void reader.answered(FIRST_STILL_WAIT_MS).then(still);
  await control.connect();
}
