import { describe, expect, test } from "vitest";
import { STILL_SLOT_MS } from "#protocol/still-upload.ts";
import { MINUTE_MS } from "#time/durations.ts";
import { visit } from "./helpers.ts";
import { sendStill } from "./stills-factory.ts";

const maxAge = (response: Response) =>
  Number(/^public, max-age=(\d+)$/.exec(response.headers.get("Cache-Control") ?? "")?.[1]);

// Webcam directories (Windy and the like) pull the newest still about once a minute (issue 36).
describe("the newest still, as a directory pulls it", () => {
  test("says when it was taken and is cached until the next one is due, a minute at a time once the box is late", async () => {
    const late = Date.now() - 15 * MINUTE_MS;
    expect((await sendStill(late)).response.status).toBe(201);
    const stale = await visit("/api/stills/newest.jpg");
    await stale.arrayBuffer();
    expect(stale.headers.get("Last-Modified")).toBe(new Date(late).toUTCString());
    expect(maxAge(stale)).toBe(60);

    const takenAt = Date.now() - 2 * MINUTE_MS;
    expect((await sendStill(takenAt)).response.status).toBe(201);
    const dueIn = (takenAt + STILL_SLOT_MS - Date.now()) / 1000;
    for (const version of ["", "?version=thumbnail", "?version=medium"]) {
      const response = await visit(`/api/stills/newest.jpg${version}`);
      expect(response.status, version).toBe(200);
      await response.arrayBuffer();
      expect(response.headers.get("Last-Modified"), version).toBe(new Date(takenAt).toUTCString());
      // Due at the next slot, plus the upload's grace of 30 s.
      expect(maxAge(response), version).toBeGreaterThan(dueIn);
      expect(maxAge(response), version).toBeLessThanOrEqual(dueIn + 31);
      const again = await visit(`/api/stills/newest.jpg${version}`, {
        headers: { "If-Modified-Since": new Date(takenAt).toUTCString() },
      });
      expect(again.status, version).toBe(304);
    }
  });
});
