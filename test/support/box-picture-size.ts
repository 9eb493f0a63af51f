// What ffmpeg itself reads in a picture ("1920,1080"), not what the code that made it claims.
import { execFileSync } from "node:child_process";

export const pictureSize = (jpeg: Uint8Array) =>
  execFileSync(
    "ffprobe",
    ["-v", "error", "-show_entries", "stream=width,height", "-of", "csv=p=0", "-"],
    {
      input: jpeg,
    },
  )
    .toString()
    .trim();
