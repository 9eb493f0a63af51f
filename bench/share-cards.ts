// The share cards' sizes (issue 36: 1200×630, ≤ 200 kB): the box's card of a noisy test frame, of
// pure sensor noise and of a still from the RTSP camera stand-in, and the demo seed's cards.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { startCamera } from "#e2e/camera-stand-in.ts";
import { stillArgs } from "#ingest/hls.ts";
import { shareCard } from "#ingest/still.ts";
import { SHARE_CARD } from "#protocol/share-card.ts";
import { pictureSize } from "#test/support/box-picture-size.ts";
import { testConfig } from "#test/support/box-test-config.ts";
import { loadAverage } from "./host-load.ts";

const config = await testConfig();
const ffmpeg = (args: string[]) =>
  new Uint8Array(
    execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", ...args], {
      maxBuffer: 16 * 1024 * 1024,
    }),
  );
/** A frame as the box takes it (1080p, q 5), from one of ffmpeg's sources. */
const frame = (source: string) => ffmpeg(["-f", "lavfi", "-i", source, ...stillArgs()]);

const rows: [string, Uint8Array, Uint8Array | null][] = [];
for (const [name, source] of [
  ["testsrc2 with noise (alls=40)", "testsrc2=size=1920x1080,noise=alls=40:allf=t"],
  ["pure sensor noise", "nullsrc=s=1920x1080,geq=random(1)*255:128:128"],
] as const) {
  const still = frame(source);
  rows.push([name, still, await shareCard(config, still)]);
}
const camera = await startCamera();
try {
  const still = ffmpeg(["-rtsp_transport", "tcp", "-i", camera.url, ...stillArgs()]);
  rows.push(["camera stand-in (RTSP, 1080p)", still, await shareCard(config, still)]);
} finally {
  await camera.stop();
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
console.log(`host load ${loadAverage()}; limit ${kB(SHARE_CARD.maxBytes)}\n`);
console.log("| picture | still | card | card size |\n|---|---|---|---|");
for (const [name, still, card] of rows) {
  const size = card ? pictureSize(card) : "none";
  console.log(
    `| box: ${name} | ${kB(still.length)} | ${card ? kB(card.length) : "none"} | ${size} |`,
  );
}
const demo = new URL("../scripts/demo-media/", import.meta.url);
for (const name of readdirSync(demo).filter((file) => file.endsWith("-card.jpg"))) {
  const card = readFileSync(new URL(name, demo));
  console.log(`| demo seed: ${name} | | ${kB(card.length)} | ${pictureSize(card)} |`);
}
