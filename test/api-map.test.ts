import { describe, expect, test } from "vitest";
import { api } from "#workers/api/index.ts";
import architecture from "/docs/architecture.md?raw";
import readme from "/README.md?raw";

/** Every route the API answers, as `METHOD /api/path` (Hono's `:param`, its pattern left out). */
const routes = [
  ...new Set(
    api.routes
      // Middleware (`use`) and the JSON 404 are registered for every method.
      .filter((route) => route.method !== "ALL")
      .map((route) => `${route.method} /api${route.path.replace(/\{[^/]*\}/g, "")}`),
  ),
];

/** The code spans of a Markdown table's column, in the section that `heading` opens. */
function column(markdown: string, heading: string, index: number): string[] {
  const section = markdown.split(heading)[1]?.split(/\n#{1,3} /)[0] ?? "";
  return section
    .split("\n")
    .filter((line) => line.startsWith("|") && !/^\|\s*-/.test(line))
    .flatMap((line) => [...(line.split("|")[index + 1] ?? "").matchAll(/`([^`]+)`/g)])
    .map((match) => match[1] ?? "");
}

describe("the API's documentation", () => {
  test("reads the routes from the router", () => {
    expect(routes).toContain("GET /api/media/:id");
    expect(routes.length).toBeGreaterThan(40);
  });

  test("the README's API table names every route, and only routes", () => {
    const documented = column(readme, "## API", 0);
    expect(routes.filter((route) => !documented.includes(route))).toEqual([]);
    expect(documented.filter((route) => !routes.includes(route))).toEqual([]);
  });

  test("docs/architecture.md's feature table names every route's sub-app by its mount path", () => {
    const mounts = column(architecture, "## Features", 5).filter((span) => span.startsWith("/api"));
    const unmapped = routes.filter(
      (route) => !mounts.some((mount) => `${route.split(" ")[1]}/`.startsWith(`${mount}/`)),
    );
    expect(unmapped).toEqual([]);
  });
});
