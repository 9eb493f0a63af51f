import { execFile } from "node:child_process";
import type { BoxConfig } from "./config.ts";
import { STILL_QUALITIES } from "./hls.ts";

function ffmpegJpeg(
  config: BoxConfig,
  args: string[],
  input?: Uint8Array,
): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      config.ffmpegPath,
      args,
      { encoding: "buffer", maxBuffer: 16 * 1024 * 1024, timeout: 20_000 },
      (error, stdout, stderr) => {
        if (!error) return resolve(new Uint8Array(stdout));
        // ffmpeg's last word says why ("Connection refused"); the error only repeats the command.
        const why = stderr.toString().trim().split("\n").at(-1);
        reject(why ? new Error(`ffmpeg: ${why}`) : error);
      },
    );
    if (input) child.stdin?.end(input);
  });
}

/** `jpeg` encoded again by `args`, at the finest of `qualities` within `maxBytes` (else the coarsest). */
export async function reencodedWithin(
  config: BoxConfig,
  jpeg: Uint8Array<ArrayBuffer>,
  args: (quality: number) => string[],
  maxBytes: number,
  qualities: readonly number[] = STILL_QUALITIES,
) {
  let picture = jpeg;
  for (const quality of qualities) {
    picture = await ffmpegJpeg(config, args(quality), jpeg);
    if (picture.length <= maxBytes) break;
  }
  return picture;
}
