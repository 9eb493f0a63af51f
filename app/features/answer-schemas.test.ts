import { describe, expect, test } from "vitest";
import { toJSONSchema } from "zod/mini";

const modules = import.meta.glob<Record<string, unknown>>(
  ["/app/features/**/*.ts", "!**/*.test.ts", "/app/shell/shell-api.ts", "/app/lib/api-error.ts"],
  { eager: true },
);
const schemas = Object.entries(modules).flatMap(([path, exports]) =>
  Object.entries(exports)
    .filter(([, value]) => typeof value === "object" && value !== null && "_zod" in value)
    .map(([name, value]) => [`${path} ${name}`, value] as const),
);

describe("the API's schemas", () => {
  test.each(schemas)("%s can be described as JSON Schema", (_, schema) => {
    expect(() => toJSONSchema(schema as never, { io: "output" })).not.toThrow();
  });
});
