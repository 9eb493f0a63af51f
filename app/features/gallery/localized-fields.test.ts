import { expect, test } from "vitest";
import { localizedField, localizedFields } from "./localized-fields.ts";

test("names the schema's per-language fields", () => {
  expect(localizedField("title", "en")).toBe("titleEn");
  expect(localizedFields("description")).toEqual([
    "descriptionDe",
    "descriptionEn",
    "descriptionIt",
    "descriptionFr",
    "descriptionEs",
  ]);
});
