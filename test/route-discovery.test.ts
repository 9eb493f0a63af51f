import { expect, test } from "vitest";
import { visit } from "./helpers.ts";

test("a page points route discovery at its build's file, which the Worker answers when asked (npm run dev)", async () => {
  const html = await (await visit("/en")).text();
  const [, path, version] =
    /"manifestPath":"(\/assets\/routes-([0-9a-f]+)\.json)"/.exec(html) ?? [];
  expect(path, "the page's manifest path").toBeDefined();

  const response = await visit(`${path}?paths=%2Fen%2Fgallery&version=${version}`);
  expect(response.status).toBe(200);
  const routes: { path?: string }[] = Object.values(await response.json());
  expect(routes.map((route) => route.path)).toContain("en/gallery/:id?");
});

test("a tab open across a deploy, asking for its build's routes, is told to load the page anew", async () => {
  // An earlier build's file is no longer an asset, and builds before it asked `/__manifest`.
  for (const path of ["/assets/routes-0badc0de.json", "/__manifest"]) {
    const response = await visit(`${path}?paths=%2F%2C%2Fgallery&version=0badc0de`);
    expect(response.status, path).toBe(204);
    expect(response.headers.get("X-Remix-Reload-Document"), path).toBe("true");
  }
});
