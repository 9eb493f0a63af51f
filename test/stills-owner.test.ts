import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, test } from "vitest";
import { logIn } from "./admin.ts";
import { ORIGIN, visit } from "./helpers.ts";
import { rowKeys, sendStill, stillRows } from "./stills-factory.ts";

const API = "/api/admin/stills";
let owner = "";

beforeAll(async () => {
  owner = (await logIn()).session;
});

function call(
  path: string,
  method: string,
  options: { body?: unknown; cookie?: string; origin?: string } = {},
) {
  const { body, cookie = owner, origin = ORIGIN } = options;
  return visit(path, {
    method,
    headers: {
      Cookie: cookie,
      Origin: origin,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function archivedStill(hoursAgo: number) {
  const takenAt = Date.now() - hoursAgo * 3_600_000;
  expect((await sendStill(takenAt)).response.status).toBe(201);
  const row = (await stillRows()).find((r) => r.taken_at === takenAt);
  if (!row) throw new Error("the still was not archived");
  return row;
}

describe("the owner's still actions", () => {
  test("marking a still best of, and taking the mark back", async () => {
    const still = await archivedStill(1);
    const marked = await call(`${API}/${still.id}`, "PATCH", { body: { bestOf: true } });
    expect(marked.status).toBe(200);
    expect(marked.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await marked.json()).toEqual({ id: still.id, bestOf: true });
    expect((await stillRows()).find((r) => r.id === still.id)?.best_of).toBe(1);

    await call(`${API}/${still.id}`, "PATCH", { body: { bestOf: false } });
    expect((await stillRows()).find((r) => r.id === still.id)?.best_of).toBe(0);
  });

  test("deleting a still removes its row, its picture, its smaller versions and its card", async () => {
    const still = await archivedStill(2);
    const addresses = [
      "",
      ...["thumbnail", "small", "medium", "card"].map((v) => `?version=${v}`),
    ].map((version) => `/api/stills/${still.id}.jpg${version}`);
    // The still, its three versions and its card.
    const keys = rowKeys([still]);
    expect(keys).toHaveLength(5);
    for (const address of addresses) expect((await visit(address)).status).toBe(200);
    const deleted = await call(`${API}/${still.id}`, "DELETE");
    expect(deleted.status).toBe(200);
    expect((await stillRows()).some((r) => r.id === still.id)).toBe(false);
    for (const address of addresses) expect((await visit(address)).status).toBe(404);
    for (const key of keys) expect(await env.MEDIA.head(key)).toBeNull();
    // Deleting again finds nothing.
    expect((await call(`${API}/${still.id}`, "DELETE")).status).toBe(404);
  });

  test("deleting the newest still takes it off the live panel, which shows the one before", async () => {
    const liveStillTakenAt = async () =>
      Date.parse(
        (await (await visit("/api/stream/status")).json<{ still: { takenAt: string } }>()).still
          .takenAt,
      );
    const before = await archivedStill(0.5);
    const newest = await archivedStill(0);
    expect(await liveStillTakenAt()).toBe(newest.taken_at);
    expect((await call(`${API}/${newest.id}`, "DELETE")).status).toBe(200);
    expect(await liveStillTakenAt()).toBe(before.taken_at);
  });

  test("refuses visitors, other sites and malformed requests, changing nothing", async () => {
    const still = await archivedStill(3);
    const before = await stillRows();
    const refusals: [Promise<Response>, number][] = [
      [call(`${API}/${still.id}`, "DELETE", { cookie: "" }), 401],
      [call(`${API}/${still.id}`, "PATCH", { cookie: "", body: { bestOf: true } }), 401],
      [call(`${API}/${still.id}`, "DELETE", { origin: "https://elsewhere.example" }), 403],
      [call(`${API}/${still.id}`, "PATCH", { body: { bestOf: "yes" } }), 400],
      [call(`${API}/${still.id}`, "PATCH", { body: { bestOf: true, id: "x" } }), 400],
      [call(`${API}/not-an-id`, "DELETE"), 404],
      [
        call(`${API}/00000000-0000-4000-8000-000000000000`, "PATCH", { body: { bestOf: true } }),
        404,
      ],
    ];
    for (const [response, status] of refusals) {
      const answer = await response;
      expect(answer.status).toBe(status);
      expect(await answer.json()).toMatchObject({ error: { code: expect.any(String) } });
    }
    expect(await stillRows()).toEqual(before);
    expect((await visit(`/api/stills/${still.id}.jpg`)).status).toBe(200);
  });
});
