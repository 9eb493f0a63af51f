import { describe, expect, test } from "vitest";
import type { SessionSegments } from "#app/features/live-stream/live-stream-api.ts";
import { BrowserPlaylist } from "./browser-playlist.ts";

/** The media host as the box fills it: segment n lands at `landings[n]` ms; every probe is kept. */
function mediaHost(landings: number[]) {
  let now = 0;
  const probes: { seq: number; at: number; found: boolean }[] = [];
  const clock = {
    now: () => now,
    sleep: async (ms: number) => {
      now += ms;
    },
  };
  const exists = async (url: string) => {
    const seq = Number(/\/(\d+)-/.exec(url)?.[1]);
    const found = (landings[seq] ?? Number.POSITIVE_INFINITY) <= now;
    probes.push({ seq, at: now, found });
    return found;
  };
  const landed = () => landings.filter((at) => at <= now).length - 1;
  return { clock, exists, probes, landed, advance: (ms: number) => (now += ms) };
}

const session = (first: number, count: number, edge = 0): SessionSegments => ({
  first,
  edge,
  seconds: 2,
  urls: Array.from({ length: count }, (_, i) => `/media/live/9/${first + i}-n${first + i}.ts`),
});
const listed = (text: string | null) =>
  [...(text ?? "").matchAll(/\/live\/9\/(\d+)-/g)].map((match) => Number(match[1]));

/** hls.js reloads a live playlist no sooner than half its target (1 s) after the last. */
async function reload(host: ReturnType<typeof mediaHost>, playlist: BrowserPlaylist) {
  host.advance(1000);
  return playlist.text();
}

describe("the live playlist built in the browser", () => {
  test("starts at the newest landed segment and keeps up with the box, rarely asking too early", async () => {
    // Live for a while, a segment every 2 s; the Worker's guess (seq 8) is ahead: 8 is late.
    const landings = Array.from({ length: 40 }, (_, seq) => seq * 2000 - 14_000);
    landings[8] = 2500;
    const host = mediaHost(landings);
    const playlist = new BrowserPlaylist(session(6, 30, 2), host.exists, host.clock);

    expect(listed(await playlist.text())).toEqual([6, 7]);
    let text: string | null = null;
    while (host.clock.now() < 40_000) {
      text = await reload(host, playlist);
      const shown = listed(text);
      // Never a segment that has not landed, and never more than one behind the box.
      expect(shown.at(-1)).toBeLessThanOrEqual(host.landed());
      expect(shown.at(-1)).toBeGreaterThanOrEqual(host.landed() - 1);
    }
    expect(listed(text)).toHaveLength(4);
    expect(text).not.toContain("#EXT-X-ENDLIST");
    // The guess, the late segment 8: misses; once the schedule follows the box, none.
    const misses = host.probes.filter((probe) => !probe.found);
    expect(misses.length).toBeLessThanOrEqual(4);
    expect(misses.filter((probe) => probe.at > 6000)).toEqual([]);
  });

  test("follows a new epoch's half-second segments as they land", async () => {
    const landings = [0, 500, 1000, 1500, 3500, 5500, 7500, 9500];
    const host = mediaHost(landings);
    const playlist = new BrowserPlaylist(session(0, 39), host.exists, host.clock);
    expect(listed(await playlist.text())).toEqual([0]);
    while (host.clock.now() < 9600) await reload(host, playlist);
    // Each quick segment is found within a second of landing: hls.js still holds the one before.
    for (const seq of [1, 2, 3]) {
      const found = host.probes.find((probe) => probe.found && probe.seq === seq);
      expect(found?.at).toBeLessThanOrEqual((landings[seq] ?? 0) + 1000);
    }
    const text = await playlist.text();
    expect(listed(text)).toEqual([4, 5, 6, 7]);
    expect(text).toContain("#EXTINF:2.000,");
  });

  test("says nothing until a segment landed, and ends after the last name of its minute", async () => {
    const host = mediaHost([5000, 7000, 9000]);
    const playlist = new BrowserPlaylist(session(0, 3), host.exists, host.clock);
    expect(await playlist.text()).toBeNull();
    host.advance(5000);
    expect(listed(await playlist.text())).toEqual([0]);
    let text = await reload(host, playlist);
    while (!text?.includes("#EXT-X-ENDLIST")) text = await reload(host, playlist);
    expect(listed(text)).toEqual([0, 1, 2]);
    // Nothing beyond the names the session was given is ever asked for.
    expect(host.probes.every((probe) => probe.seq <= 2)).toBe(true);
  });
});
