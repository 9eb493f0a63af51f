// The box's default mode: control socket and live stream, stills every slot, time-lapse frames
// from dawn to dusk and the nightly film.
import type { Command } from "#protocol/camera-box.ts";
import type { BoxConfig } from "./config.ts";
import { ControlChannel } from "./control.ts";
import { captureEveryDay, renderEveryNight } from "./daily-schedule.ts";
import { log } from "./log.ts";
import { takeStill } from "./still.ts";
import { Streamer } from "./streamer.ts";

const VERSION = "1";

export async function runBox(config: BoxConfig) {
  let streamer: Streamer | null = null;
  let runUntil = 0;
  let dropTimer: NodeJS.Timeout | null = null;
  const daily = new AbortController();

  async function stopStream(why: string) {
    const current = streamer;
    streamer = null;
    if (!current) return;
    log(`stream ${current.epoch}: stopping (${why})`);
    await current.stop();
  }

  async function onCommand(command: Command) {
    if (command.type === "stop") {
      if (streamer?.epoch === command.epoch) await stopStream("told to stop");
      return;
    }
    runUntil = Date.now() + Math.min(command.runSeconds, config.maxRunSeconds) * 1000;
    if (streamer?.epoch === command.epoch) return;
    await stopStream(`epoch ${command.epoch} replaces it`);
    const next = new Streamer(command.epoch, config, (reason) => {
      if (streamer === next) streamer = null;
      control.send({ type: "failed", epoch: command.epoch, reason });
    });
    streamer = next;
    await next.start();
  }

  // Whether the camera gave the last still: the site offers no live stream while it does not.
  let cameraReachable = true;

  const control = new ControlChannel(config, {
    onCommand: (command) => void onCommand(command),
    onUp: () => {
      if (dropTimer) clearTimeout(dropTimer);
      dropTimer = null;
      control.send({ type: "hello", version: VERSION, epoch: streamer?.epoch ?? null });
      // The Worker takes a new connection's camera as answering.
      if (!cameraReachable) control.send({ type: "camera", reachable: false });
    },
    onDown: () => {
      if (!streamer || dropTimer) return;
      // Segments go over HTTP: a short blip of the control socket need not end the stream.
      dropTimer = setTimeout(() => {
        dropTimer = null;
        void stopStream("control connection lost");
      }, config.dropTimeoutSeconds * 1000);
    },
  });

  setInterval(() => {
    if (streamer && Date.now() > runUntil) void stopStream("hard time limit reached");
  }, 1000);

  async function still() {
    const reachable = await takeStill(config);
    if (reachable === cameraReachable) return;
    cameraReachable = reachable;
    log(
      reachable
        ? "camera: answering again, the site offers the live stream"
        : "camera: not answering, the site shows it offline until a still succeeds",
    );
    control.send({ type: "camera", reachable });
  }

  // Stills on the slot boundaries (…:00, …:10, …), the moments the archive keeps.
  const interval = config.stillIntervalSeconds * 1000;
  void still();
  setTimeout(
    () => {
      void still();
      setInterval(() => void still(), interval);
    },
    interval - (Date.now() % interval),
  );

  const daylong = [captureEveryDay(config, daily.signal), renderEveryNight(config, daily.signal)];

  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      log(`received ${signal}, shutting down`);
      control.close();
      daily.abort();
      void Promise.allSettled([stopStream("shutting down"), ...daylong]).finally(() =>
        process.exit(0),
      );
    });
  }

  log(`camera box ${config.deviceId}: input ${config.input}, worker ${config.workerUrl}`);
  await control.connect();
}
