import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, test } from "vitest";
import { startSession } from "#app/.server/auth/session.ts";
import { getDb } from "#app/.server/db/client.ts";
import { getConfig } from "#app/.server/env.ts";
import { runCron, visit } from "./helpers.ts";
import { snapshot } from "./weather-helpers.ts";

beforeAll(async () => {
  await runCron();
});

async function ownerCookie(): Promise<string> {
  return (await startSession({ config: getConfig(env), db: getDb(env.DB) })).split(";")[0] ?? "";
}

function putSouth(body: string, headers: Record<string, string> = {}) {
  return visit("/api/weather/water-temperature/south", {
    method: "PUT",
    body,
    headers: { "Content-Type": "application/json", ...headers },
  });
}

async function southRow() {
  return env.DB.prepare(
    "select * from weather_readings where source = 'water_temperature_south'",
  ).first();
}

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

describe("the owner's water temperature for the south", () => {
  test("needs the owner's session", async () => {
    const response = await putSouth(
      JSON.stringify({ celsius: 22.5, measuredAt: new Date().toISOString() }),
    );
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { code: "unauthorized" } });
    expect(await southRow()).toBeNull();
  });

  test.each([
    ["not JSON", "celsius=22"],
    ["a missing date", JSON.stringify({ celsius: 22 })],
    [
      "a temperature as text",
      JSON.stringify({ celsius: "22", measuredAt: "2025-06-10T09:00:00Z" }),
    ],
    [
      "an impossible temperature",
      JSON.stringify({ celsius: 61, measuredAt: new Date().toISOString() }),
    ],
    ["a date without time zone", JSON.stringify({ celsius: 22, measuredAt: "2025-06-10 09:00" })],
    [
      "a date in the future",
      JSON.stringify({ celsius: 22, measuredAt: new Date(Date.now() + 86_400_000).toISOString() }),
    ],
  ])("refuses %s with a 400 and writes nothing", async (_, body) => {
    const response = await putSouth(body, { Cookie: await ownerCookie() });
    expect(response.status).toBe(400);
    const error = await response.json<{ error: { code: string; message: string } }>();
    expect(error.error.message).not.toBe("");
    expect(await southRow()).toBeNull();
  });

  test("stores the reading; the panel shows it with its date and the average of both ends", async () => {
    const measuredAt = new Date(Date.now() - 3_600_000).toISOString();
    const response = await putSouth(JSON.stringify({ celsius: 22.6, measuredAt }), {
      Cookie: await ownerCookie(),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ south: { celsius: 22.6, measuredAt } });

    expect((await snapshot()).waterTemperature.south).toEqual({ celsius: 22.6, measuredAt });
    const html = await (await visit("/en")).text();
    expect(html).toContain("22.6°C");
    expect(html).toContain("21.4°C");
    expect(html).toMatch(/Average<\/dt><dd[^>]*>22°C</);

    // The cron never touches the owner's value.
    await runCron();
    expect((await snapshot()).waterTemperature.south).toEqual({ celsius: 22.6, measuredAt });
  });
});
