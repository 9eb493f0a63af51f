import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, test } from "vitest";
import { slotOf } from "#app/.server/archive/slots.ts";
import { STILL_SLOT_MS } from "#protocol/still-upload.ts";
import { MINUTE_MS } from "#time/durations.ts";
import { atLakeTime, lakeDate } from "#time/lake-time.ts";
import { logIn } from "./admin.ts";
import { jpegStill, uploadStill } from "./box.ts";
import { ORIGIN, visit } from "./helpers.ts";
import { sendStill, stillRows, storedKeys } from "./stills-factory.ts";
import { snapshot } from "./weather-helpers.ts";

type StripRow = { day: string; colours: string; noon_weather: string | null };

async function strips(): Promise<StripRow[]> {
  const { results } = await env.DB.prepare("select * from day_strips order by day").all<StripRow>();
  return results;
}

async function stripOf(day: string) {
  return (await strips()).find((row) => row.day === day);
}

/** The strip's three hex digits at `instant`'s slot. */
const colourAt = (strip: StripRow | undefined, instant: number) => {
  const column =
    (slotOf(instant) - atLakeTime(strip?.day ?? "", "00:00").getTime()) / STILL_SLOT_MS;
  return strip?.colours.slice(3 * column, 3 * column + 3);
};

async function archived(takenAt: number, colour?: string) {
  const sent = await sendStill(takenAt, undefined, colour ? { colour } : undefined);
  expect(sent.response.status).toBe(201);
}

let owner = "";

beforeAll(async () => {
  owner = (await logIn()).session;
  // The first visit fetches the weather into D1: a still taken now carries it.
  expect((await snapshot()).weather).not.toBeNull();
});

describe("a day's strip", () => {
  // 40 hours back, where no other test's still lands; a slot whose next is on the same lake day
  // (from 23:50 the next slot was tomorrow's, and the tests failed ten minutes a day).
  const latest = slotOf(Date.now() - 40 * 60 * MINUTE_MS);
  const morning =
    lakeDate(latest + STILL_SLOT_MS) === lakeDate(latest) ? latest : latest - STILL_SLOT_MS;
  const day = lakeDate(morning);
  const next = morning + STILL_SLOT_MS;

  test("holds each still's colour, rounded to #rgb, in its slot from lake midnight", async () => {
    await archived(morning + 1000, "#336699");
    await archived(next + 1000, "#c8643c");
    const row = (await stillRows()).find((r) => r.slot === morning);
    expect(row?.colour).toBe(0x336699);

    const strip = await stripOf(day);
    const slots =
      (atLakeTime(lakeDate(morning + 86_400_000), "00:00").getTime() -
        atLakeTime(day, "00:00").getTime()) /
      STILL_SLOT_MS;
    expect(strip?.colours).toHaveLength(3 * slots);
    expect(colourAt(strip, morning)).toBe("369");
    expect(colourAt(strip, next)).toBe("c64");
    expect(strip?.colours.replaceAll("-", "")).toBe("369c64");
  });

  test("takes a replacing still's colour, and shows a gap for one from a box that sends none", async () => {
    await archived(morning + 2000, "#18161e");
    expect(colourAt(await stripOf(day), morning)).toBe("112");
    await archived(next + 2000);
    expect((await stillRows()).find((r) => r.slot === next)?.colour).toBeNull();
    expect(colourAt(await stripOf(day), next)).toBe("---");
  });

  test("shows a gap where the owner deleted a still, and goes with the day's last one", async () => {
    const call = (id: string) =>
      visit(`/api/admin/stills/${id}`, {
        method: "DELETE",
        headers: { Cookie: owner, Origin: ORIGIN },
      });
    const rows = (await stillRows()).filter((r) => r.day === day);
    const first = rows.find((r) => r.slot === morning);
    expect((await call(first?.id ?? "")).status).toBe(200);
    expect(colourAt(await stripOf(day), morning)).toBe("---");
    for (const row of rows.filter((r) => r.id !== first?.id)) {
      expect((await call(row.id)).status).toBe(200);
    }
    expect(await stripOf(day)).toBeUndefined();
  });

  test("tells the weather of the still nearest 13:00 that has one", async () => {
    const now = Date.now();
    await archived(now - MINUTE_MS, "#6083a8");
    const strip = await stripOf(lakeDate(now));
    const still = (await stillRows()).find((r) => r.slot === slotOf(now - MINUTE_MS));
    expect(strip?.noon_weather).not.toBeNull();
    expect(JSON.parse(strip?.noon_weather ?? "null")).toEqual(JSON.parse(still?.weather ?? ""));
  });
});

describe("the still route refuses facts that are not what the box measures", () => {
  test("naming the field, storing nothing", async () => {
    let size = 9000;
    for (const [facts, field] of [
      [JSON.stringify({ colour: "red" }), "facts.colour"],
      [JSON.stringify({ colour: "#12345" }), "facts.colour"],
      [JSON.stringify({}), "facts.colour"],
      ["{not json", "facts"],
    ] as const) {
      const form = new FormData();
      const jpeg = (bytes: Uint8Array<ArrayBuffer>) => new Blob([bytes], { type: "image/jpeg" });
      form.append("still", jpeg(jpegStill({ width: 1920, height: 1080, bytes: size++ })));
      form.append("thumbnail", jpeg(jpegStill({ width: 640, height: 360, bytes: size++ })));
      form.append("medium", jpeg(jpegStill({ width: 1280, height: 720, bytes: size++ })));
      form.append("facts", facts);
      const encoded = new Response(form);
      const [rows, keys, days] = [await stillRows(), await storedKeys(), await strips()];
      const response = await uploadStill(new Uint8Array(await encoded.arrayBuffer()), {
        "Content-Type": encoded.headers.get("Content-Type") ?? "",
      });
      expect(response.status).toBe(422);
      const { error } = await response.json<{ error: { code: string; message: string } }>();
      expect(error.code).toBe("invalid_facts");
      expect(error.message.startsWith(`${field}: `)).toBe(true);
      expect([await stillRows(), await storedKeys(), await strips()]).toEqual([rows, keys, days]);
    }
  });
});
