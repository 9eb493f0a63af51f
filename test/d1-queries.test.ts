import { expect, test } from "vitest";
import { runCron, d1Statements as statements, visit } from "./helpers";

test("a home-page render costs two D1 queries, three when the settings cache is cold", async () => {
  await runCron();
  const cold = await visit("/");
  expect(cold.status).toBe(200);
  expect(await cold.text()).toContain("Aufgelockerte Bewölkung");
  // The maintenance flag (cached 10 s per isolate), the weather snapshot (all sources in one
  // statement) and the gallery teaser; the last two run in parallel.
  expect(statements(cold)).toBe(3);
  expect(statements(await visit("/en"))).toBe(2);
});

test("a gallery render costs its page and featured row in one batch", async () => {
  await visit("/en"); // warms the settings cache
  expect(statements(await visit("/en/gallery"))).toBe(2);
});
