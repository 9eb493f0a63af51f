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

const session = (first: number, count: number, edge = 0, seconds = 4): SessionSegments => ({
  first,
  edge,
  seconds,
  urls: Array.from({ length: count }, (_, i) => `/media/live/9/${first + i}-n${first + i}.ts`),
});
const listed = (text: string | null) =>
  [...(text ?? "").matchAll(/\/live\/9\/(\d+)-/g)].map((match) => Number(match[1]));

/** hls.js reloads a live playlist no sooner than half its target after the last. */
async function reload(host: ReturnType<typeof mediaHost>, playlist: BrowserPlaylist, ms = 1000) {
  host.advance(ms);
  return playlist.text();
}

describe("the live playlist built in the browser", () => {
  // Today's box, and one before protocol 5.
  test.each([4, 2])(
    "starts at the newest landed segment and keeps up with a box cutting %i s segments, rarely asking too early",
    async (seconds) => {
      const ms = seconds * 1000;
      // Live for a while; the Worker's guess (seq 8) is ahead: 8 is late.
      const landings = Array.from({ length: 40 }, (_, seq) => (seq - 7) * ms);
      landings[8] = 1.25 * ms;
      const host = mediaHost(landings);
      const playlist = new BrowserPlaylist(session(6, 30, 2, seconds), host.exists, host.clock);

      expect(listed(await playlist.text())).toEqual([6, 7]);
      let text: string | null = null;
      while (host.clock.now() < 20 * ms) {
        text = await reload(host, playlist, ms / 2);
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
      expect(misses.filter((probe) => probe.at > 3 * ms)).toEqual([]);
    },
  );

  test("follows a new epoch's half-second segments as they land", async () => {
    const landings = [0, 500, 1000, 1500, 5500, 9500, 13_500, 17_500];
    const host = mediaHost(landings);
    const playlist = new BrowserPlaylist(session(0, 39), host.exists, host.clock);
    expect(listed(await playlist.text())).toEqual([0]);
    while (host.clock.now() < 17_600) await reload(host, playlist);
    // Each quick segment is found within a second of landing: hls.js still holds the one before.
    for (const seq of [1, 2, 3]) {
      const found = host.probes.find((probe) => probe.found && probe.seq === seq);
      expect(found?.at).toBeLessThanOrEqual((landings[seq] ?? 0) + 1000);
    }
    const text = await playlist.text();
    expect(listed(text)).toEqual([4, 5, 6, 7]);
    expect(text).toContain("#EXTINF:4.000,");
  });

  test("lists a new epoch's pre-roll at once: the box cut its first segments from seconds past", async () => {
    // The quick start and the first 4 s segment land together; the next in real time.
    const landings = [0, 0, 0, 0, 0, 3000, 7000, 11_000];
    const host = mediaHost(landings);
    const playlist = new BrowserPlaylist(session(0, 20), host.exists, host.clock);
    expect(listed(await playlist.text())).toEqual([1, 2, 3, 4]);
    expect(host.probes.filter((probe) => probe.at === 0).map((probe) => probe.seq)).toEqual([
      0, 1, 2, 3, 4,
    ]);
    // Then the schedule again: one segment every 4 s, each asked for once it should have landed.
    let text: string | null = null;
    while (host.clock.now() < 11_500) text = await reload(host, playlist, 2000);
    expect(listed(text)).toEqual([4, 5, 6, 7]);
    expect(host.probes.filter((probe) => !probe.found && probe.at > 0)).toEqual([]);
  });

  test("says nothing until a segment landed, and ends after the last name of its minute", async () => {
    const host = mediaHost([5000, 9000, 13_000]);
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
