import { expect, test } from "vitest";
import { visit } from "./helpers.ts";

test("the archive without any still says so and points to the live stream", async () => {
  const response = await visit("/it/archive");
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).toContain("Ancora nessuna immagine nell&#x27;archivio");
  expect(html).toContain('href="/it#live"');
  expect(html).not.toContain("/api/stills/");
});
