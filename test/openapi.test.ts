import { beforeAll, describe, expect, test } from "vitest";
import { api } from "#workers/api/index.ts";
import { type PublicOperation, publicOperations, unpublished } from "#workers/api/openapi.ts";
import { createMedia } from "./factories.ts";
import { runCron, visit } from "./helpers.ts";
import { sendStill } from "./stills-factory.ts";

/** Every route the API answers, as `METHOD /api/path` with OpenAPI's `{param}`. */
const routes = [
  ...new Set(
    api.routes
      .filter((route) => route.method !== "ALL")
      .map(
        (route) =>
          `${route.method} /api${route.path.replace(/\{[^/]*\}/g, "").replace(/:(\w+)/g, "{$1}")}`,
      ),
  ),
];
const documented = (op: PublicOperation) => `${op.method.toUpperCase()} /api${op.path}`;

let examples: Record<string, string>;

beforeAll(async () => {
  await runCron(); // the weather's first snapshot
  const item = await createMedia({ id: "openapi01", titleEn: "Described" });
  await sendStill(Date.now() - 60_000);
  examples = { "{id}": item.id, "{key}": item.fileKey, "{file}": "newest.jpg" };
});

describe("the published API (GET /api/openapi.json)", () => {
  test("documents every public route, and only routes the API has", async () => {
    const published = publicOperations.map(documented);
    const ours = (route: string) =>
      Object.keys(unpublished).some((prefix) => route.split(" ")[1]?.startsWith(prefix));
    expect(routes.filter((route) => !ours(route) && !published.includes(route))).toEqual([]);
    expect(published.filter((route) => !routes.includes(route))).toEqual([]);
  });

  test("is OpenAPI 3.1 with every operation's answers, cached", async () => {
    const response = await visit("/api/openapi.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
    const document = await response.json<{
      openapi: string;
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    expect(document.openapi).toBe("3.1.0");
    for (const op of publicOperations) {
      const responses = document.paths[op.path]?.[op.method]?.responses ?? {};
      expect(Object.keys(responses), documented(op)).toContain("200");
    }
    const mediaList = document.paths["/media"]?.get as unknown as {
      parameters: { name: string }[];
    };
    expect(mediaList.parameters.map(({ name }) => name)).toEqual(
      expect.arrayContaining(["type", "q", "sort", "featured", "cursor", "limit", "lang"]),
    );
  });

  test.each(publicOperations.map((op) => [documented(op), op] as const))(
    "%s answers within its schema",
    async (_, op) => {
      const query = op.path === "/oembed" ? "?url=https://lakegarda-live.example/en" : "";
      const path = op.path.replace(/\{\w+\}/g, (param) => examples[param] ?? param) + query;
      const response = await visit(`/api${path}`, {
        method: op.method.toUpperCase(),
        headers: op.method === "post" ? { Origin: "https://lake.test" } : {},
      });
      expect(response.status, path).toBe(200);
      if (Array.isArray(op.answer)) {
        expect(op.answer).toContain(response.headers.get("Content-Type"));
        return;
      }
      const checked = await op.answer["~standard"].validate(await response.json());
      expect(checked.issues, path).toBeUndefined();
    },
  );
});
