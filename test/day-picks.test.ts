import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, test } from "vitest";
import type { StillFacts } from "#protocol/still-facts.ts";
import { joinTiles, TILE_SIZE, type TileSheetIndex } from "#protocol/tile-sheet.ts";
import { atLakeTime, lakeDate } from "#time/lake-time.ts";
import { logIn } from "./admin.ts";
import { jpegStill } from "./box.ts";
import { ORIGIN, visit } from "./helpers.ts";
import { sendStill, stillRows, storedKeys } from "./stills-factory.ts";

type PickRow = {
  day: string;
  sunset_id: string | null;
  sunset_by: string | null;
  sunset_score: number | null;
  best_id: string | null;
  best_by: string | null;
  best_score: number | null;
};

let owner = "";
beforeAll(async () => {
  owner = (await logIn()).session;
});

const HOUR = 3_600_000;
/** Clock times of one past lake day within the box's 48 h backfill: stills of it never straddle midnight. */
const onPastDay = (time: string) => atLakeTime(lakeDate(Date.now() - 30 * HOUR), time).getTime();
const colour = "#884930";
const proposal = (kind: "sunset" | "best", score: number): StillFacts => ({
  colour,
  proposal: { kind, score },
});

async function picksOf(day: string) {
  return env.DB.prepare("select * from day_picks where day = ?").bind(day).first<PickRow>();
}

async function archived(takenAt: number, facts?: StillFacts) {
  expect((await sendStill(takenAt, undefined, facts)).response.status).toBe(201);
  const row = (await stillRows()).find((r) => r.taken_at === takenAt);
  if (!row) throw new Error("the still was not archived");
  return row;
}

const choose = (day: string, body: unknown, origin = ORIGIN) =>
  visit(`/api/admin/days/${day}`, {
    method: "PATCH",
    headers: { Cookie: owner, Origin: origin, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });

describe("the box's proposals", () => {
  test("replace the slot's plain still, keeping its id and weather, and name it the day's pick", async () => {
    const takenAt = Date.now() - 2 * HOUR;
    const plain = await archived(takenAt, { colour });
    await env.DB.prepare('update stills set weather = \'{"condition":"clear"}\' where id = ?')
      .bind(plain.id)
      .run();
    const proposed = await archived(takenAt, proposal("sunset", 93));
    expect(proposed.id).toBe(plain.id);
    expect(proposed.file_key).not.toBe(plain.file_key);
    expect(proposed.weather).toBe('{"condition":"clear"}');
    expect(await picksOf(plain.day)).toMatchObject({
      sunset_id: plain.id,
      sunset_by: "box",
      sunset_score: 93,
      best_id: null,
    });
  });

  test("a later, better proposal of the same kind replaces the box's earlier one", async () => {
    const first = await archived(onPastDay("10:00"), proposal("best", 40));
    const second = await archived(onPastDay("11:00"), proposal("best", 80));
    expect(first.day).toBe(second.day);
    expect(await picksOf(second.day)).toMatchObject({ best_id: second.id, best_score: 80 });
  });

  test("a proposal that is not a kind or a score is refused, and nothing is archived", async () => {
    const before = (await stillRows()).length;
    const bad = { colour, proposal: { kind: "moonrise", score: 101 } } as unknown as StillFacts;
    const { response } = await sendStill(Date.now() - HOUR, undefined, bad);
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ error: { code: "invalid_facts" } });
    expect(await stillRows()).toHaveLength(before);
  });
});

describe("the owner's choice", () => {
  test("always wins: the box never proposes over a still the owner chose, nor over a removal", async () => {
    const base = onPastDay("12:00");
    const chosen = await archived(base);
    const day = chosen.day;
    const response = await choose(day, { kind: "best", id: chosen.id });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ day, kind: "best", id: chosen.id });
    expect((await choose(day, { kind: "sunset", id: null })).status).toBe(200);

    const proposedBest = await archived(base + 10 * 60_000, proposal("best", 99));
    const proposedSunset = await archived(base + 20 * 60_000, proposal("sunset", 90));
    expect([proposedBest.day, proposedSunset.day]).toEqual([day, day]);
    expect(await picksOf(day)).toMatchObject({
      best_id: chosen.id,
      best_by: "owner",
      sunset_id: null,
      sunset_by: "owner",
    });
  });

  test("deleting a picked still removes the pick for good", async () => {
    const still = await archived(Date.now() - 40 * HOUR, proposal("sunset", 77));
    const deleted = await visit(`/api/admin/stills/${still.id}`, {
      method: "DELETE",
      headers: { Cookie: owner, Origin: ORIGIN },
    });
    expect(deleted.status).toBe(200);
    expect(await picksOf(still.day)).toMatchObject({ sunset_id: null, sunset_by: "owner" });
  });

  test("names only a still of that day, with a kind, from the owner's own site", async () => {
    const still = await archived(Date.now() - 45 * HOUR);
    const otherDay = still.day === "2020-01-01" ? "2020-01-02" : "2020-01-01";
    const wrongDay = await choose(otherDay, { kind: "sunset", id: still.id });
    expect(wrongDay.status).toBe(404);
    expect(await wrongDay.json()).toMatchObject({ error: { code: "not_found" } });
    expect((await choose(still.day, { kind: "moonrise", id: still.id })).status).toBe(400);
    expect((await choose("2026-13-40", { kind: "best", id: null })).status).toBe(404);
    const crossSite = await choose(still.day, { kind: "best", id: still.id }, "https://evil.test");
    expect(crossSite.status).toBe(403);
    expect(await picksOf(otherDay)).toBeNull();
  });
});

describe("a proposal's zoom", () => {
  /** A 3840×2160 frame's sheet: 15×9 tiles of 256 px, each a whole JPEG of its own size. */
  function sheetOf(tile = (i: number) => jpegStill({ width: 256, height: 256, bytes: 1024 + i })) {
    const tiles = Array.from({ length: 15 * 9 }, (_, i) => tile(i));
    const { sheet, offsets } = joinTiles(tiles);
    const index: TileSheetIndex = { width: 3840, height: 2160, tile: TILE_SIZE, offsets };
    return { sheet, index };
  }
  const large = jpegStill({ width: 2560, height: 1440, bytes: 64 * 1024 });

  test("is stored with the still, served by range, and deleted with it", async () => {
    const { sheet, index } = sheetOf();
    const takenAt = Date.now() - 20 * HOUR;
    const facts = { ...proposal("sunset", 88), tiles: index };
    const sent = await sendStill(takenAt, undefined, facts, { large, tiles: sheet });
    expect(sent.response.status).toBe(201);
    const row = (await stillRows()).find((r) => r.taken_at === takenAt);
    expect(JSON.parse(row?.zoom ?? "null")).toEqual(index);

    const secondRow = { start: index.offsets[15] ?? 0, end: index.offsets[30] ?? 0 };
    const tiles = await visit(`/api/stills/${row?.id}.jpg?version=tiles`, {
      headers: { Range: `bytes=${secondRow.start}-${secondRow.end - 1}` },
    });
    expect(tiles.status).toBe(206);
    expect(tiles.headers.get("Content-Range")).toBe(
      `bytes ${secondRow.start}-${secondRow.end - 1}/${sheet.length}`,
    );
    expect(tiles.headers.get("Cache-Control")).toBe("public, max-age=600");
    expect(new Uint8Array(await tiles.arrayBuffer())).toEqual(
      sheet.slice(secondRow.start, secondRow.end),
    );
    const served = await visit(`/api/stills/${row?.id}.jpg?version=large`);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(large);

    await visit(`/api/admin/stills/${row?.id}`, {
      method: "DELETE",
      headers: { Cookie: owner, Origin: ORIGIN },
    });
    const left = await storedKeys();
    expect([row?.large_key, row?.tiles_key].filter((key) => key && left.includes(key))).toEqual([]);
  });

  test("that is not the frame in tiles is refused, and nothing is stored", async () => {
    const before = { rows: (await stillRows()).length, keys: await storedKeys() };
    const narrowTile = sheetOf((i) => jpegStill({ width: i === 20 ? 255 : 256, height: 256 }));
    const { index } = sheetOf();
    const cut = { ...index, offsets: index.offsets.map((o, i) => (i === 135 ? o - 1 : o)) };
    const otherProportions = { ...index, height: 2176 };
    const refused = [
      [narrowTile.sheet, narrowTile.index],
      [sheetOf().sheet, cut],
      [sheetOf().sheet, otherProportions],
    ] as const;
    for (const [tiles, tilesIndex] of refused) {
      const facts = { ...proposal("best", 70), tiles: tilesIndex };
      const { response } = await sendStill(Date.now() - 21 * HOUR, undefined, facts, {
        large,
        tiles,
      });
      expect(response.status).toBe(422);
      expect(await response.json()).toMatchObject({ error: { code: "implausible_tiles" } });
    }
    const plain = await sendStill(Date.now() - 21 * HOUR, undefined, { colour }, { large });
    expect(plain.response.status).toBe(422);
    expect({ rows: (await stillRows()).length, keys: await storedKeys() }).toEqual(before);
  });
});
