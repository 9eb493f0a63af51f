import { exports } from "cloudflare:workers";
import { expect, test } from "vitest";

test("health reports the build and a reachable database", async () => {
  const response = await exports.default.fetch("https://lake.test/api/health");
  expect(response.status).toBe(200);
  expect(response.headers.get("Cache-Control")).toBe("no-store");
  const body = await response.json<{ status: string; build: string; db: string }>();
  expect(body).toMatchObject({ status: "ok", db: "ok" });
  expect(body.build).toMatch(/\S+/);
});
