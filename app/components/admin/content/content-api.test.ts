import { afterEach, describe, expect, test, vi } from "vitest";
import { MAX_BULK_ITEMS } from "#app/features/gallery/media-fields.ts";
import { bulkAction } from "./content-api.ts";

type BulkBody = { ids: string[] };

/** The API as the browser meets it: each bulk request names at most MAX_BULK_ITEMS items. */
function serveBulk(answer: (ids: string[], turn: number) => Response) {
  const turns: string[][] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init: RequestInit) => {
      const { ids } = JSON.parse(String(init.body)) as BulkBody;
      turns.push(ids);
      if (ids.length > MAX_BULK_ITEMS) return Response.json({}, { status: 400 });
      return answer(ids, turns.length);
    }),
  );
  return turns;
}

const idsOf = (count: number) =>
  Array.from({ length: count }, (_, i) => `item${String(i).padStart(4, "0")}`);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a bulk action on a selection larger than one request", () => {
  test("goes in turns and reports every item", async () => {
    const ids = idsOf(MAX_BULK_ITEMS * 2 + 5);
    const turns = serveBulk((turn) => Response.json({ done: turn, failed: [] }));

    const outcome = await bulkAction(ids, { kind: "delete" });

    expect(turns.map((turn) => turn.length)).toEqual([MAX_BULK_ITEMS, MAX_BULK_ITEMS, 5]);
    expect(outcome).toEqual({ ok: true, value: { done: ids, failed: [] } });
  });

  test("names what a failed turn held as failed, and keeps what earlier turns changed", async () => {
    const ids = idsOf(MAX_BULK_ITEMS + 10);
    serveBulk((turn, count) =>
      count === 1
        ? Response.json({ done: turn.slice(1), failed: turn.slice(0, 1) })
        : Response.json({}, { status: 500 }),
    );

    const outcome = await bulkAction(ids, { kind: "status", status: "hidden" });

    expect(outcome).toEqual({
      ok: true,
      value: {
        done: ids.slice(1, MAX_BULK_ITEMS),
        failed: [ids[0], ...ids.slice(MAX_BULK_ITEMS)],
      },
    });
  });

  test("fails as a whole when its first turn fails", async () => {
    serveBulk(() => Response.json({}, { status: 401 }));

    expect(await bulkAction(idsOf(3), { kind: "delete" })).toEqual({
      ok: false,
      unauthorized: true,
    });
  });
});
