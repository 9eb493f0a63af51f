import { execFile } from "node:child_process";
import type { BoxConfig } from "./config.ts";
import { stillArgs } from "./hls.ts";
import { log } from "./log.ts";
import { signedPut } from "./worker-client.ts";

function capture(config: BoxConfig): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    execFile(
      config.ffmpegPath,
      stillArgs(config.input),
      { encoding: "buffer", maxBuffer: 4 * 1024 * 1024, timeout: 20_000 },
      (error, stdout) => (error ? reject(error) : resolve(new Uint8Array(stdout))),
    );
  });
}

export async function uploadStill(config: BoxConfig) {
  try {
    const jpeg = await capture(config);
    await signedPut(config, "/api/ingest/still", jpeg, { "Content-Type": "image/jpeg" });
    log(`still: uploaded ${(jpeg.length / 1024).toFixed(0)} kB`);
  } catch (error) {
    log(`still: failed: ${String(error)}`);
  }
}
