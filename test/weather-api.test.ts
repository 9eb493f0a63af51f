import { beforeAll, describe, expect, test } from "vitest";
import { runCron, visit } from "./helpers.ts";

beforeAll(async () => {
  await runCron();
});

describe("GET /api/weather", () => {
  test("returns the snapshot with cache headers and an ETag that revalidates", async () => {
    const response = await visit("/api/weather");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=60");
    const etag = response.headers.get("ETag");
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    // The panel judges the data's age by the server's clock.
    const serverTime = Date.parse(response.headers.get("Date") ?? "");
    expect(Math.abs(serverTime - Date.now())).toBeLessThan(60_000);
    const body = await response.json<{ weather: { current: { condition: string } } }>();
    expect(body.weather.current.condition).toBe("scattered_clouds");

    const again = await visit("/api/weather", { headers: { "If-None-Match": etag ?? "" } });
    expect(again.status).toBe(304);
    expect(again.headers.get("ETag")).toBe(etag);
    expect(again.headers.get("Cache-Control")).toBe("public, max-age=60");

    await runCron(); // a new fetch time is a new snapshot
    const changed = await visit("/api/weather", { headers: { "If-None-Match": etag ?? "" } });
    expect(changed.status).toBe(200);
  });
});
