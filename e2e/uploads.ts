import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";

/** A file's row in the upload screen's list. */
export const row = (page: Page, name: string) =>
  page.getByRole("list", { name: "Dateien" }).getByRole("listitem").filter({ hasText: name });

/** A small real photo, made fresh by ffmpeg. */
export function smallPhoto(): string {
  const path = join(mkdtempSync(join(tmpdir(), "upload-journey-")), "Punta San Vigilio.jpg");
  execFileSync("ffmpeg", [
    ...["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=320x240", "-frames:v", "1"],
    path,
  ]);
  return path;
}
