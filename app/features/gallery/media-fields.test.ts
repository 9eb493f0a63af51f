import { describe, expect, test } from "vitest";
import {
  applyTranslations,
  changedFields,
  editField,
  languagesToFill,
  type MediaFields,
  mediaFields,
  mediaFieldsPatch,
  parseTags,
} from "./media-fields.ts";

const blank: MediaFields = mediaFields.parse({
  type: "image",
  featured: false,
  status: "draft",
  source: "",
  takenAt: "2026-06-01T18:30:00.000Z",
  ...Object.fromEntries(
    ["En", "De", "It", "Fr", "Es"].flatMap((l) => [
      [`title${l}`, ""],
      [`description${l}`, ""],
      [`tags${l}`, []],
      [`alt${l}`, ""],
    ]),
  ),
  machineTranslated: [],
});

describe("an item's fields", () => {
  test("translations fill only empty texts and mark each one they filled", () => {
    const fields = { ...blank, titleEn: "Harbour at dawn", titleDe: "Hafen im Morgenlicht" };
    const next = applyTranslations(fields, {
      de: { title: "Übersetzt", description: "Beschreibung", tags: [] },
      it: { title: "Porto all'alba", description: "", tags: ["porto"] },
    });
    expect(next.titleDe).toBe("Hafen im Morgenlicht");
    expect(next.descriptionDe).toBe("Beschreibung");
    expect(next.titleIt).toBe("Porto all'alba");
    expect(next.tagsIt).toEqual(["porto"]);
    expect(next.machineTranslated).toEqual(["titleIt", "descriptionDe", "tagsIt"]);
  });

  test("editing a machine-translated field clears its mark, and only its own", () => {
    const translated = { ...blank, titleIt: "Porto", tagsIt: ["porto"] };
    const marked = { ...translated, machineTranslated: ["titleIt", "tagsIt"] as const };
    const edited = editField(
      { ...marked, machineTranslated: [...marked.machineTranslated] },
      "titleIt",
      "Il porto",
    );
    expect(edited.titleIt).toBe("Il porto");
    expect(edited.machineTranslated).toEqual(["tagsIt"]);
  });

  test("the languages to fill are those with an empty text the source language has", () => {
    const fields = { ...blank, titleEn: "Harbour", titleDe: "Hafen", descriptionDe: "Boote" };
    expect(languagesToFill(fields, "en")).toEqual(["it", "fr", "es"]);
    expect(languagesToFill(fields, "de")).toEqual(["en", "it", "fr", "es"]);
    expect(languagesToFill(blank, "en")).toEqual([]);
  });

  test("tags are trimmed, lower-case and unique; a comma cannot hide inside one", () => {
    expect(parseTags(" Sunset, harbour ,, SUNSET")).toEqual(["sunset", "harbour"]);
    expect(mediaFieldsPatch.safeParse({ tagsEn: ["a,b"] }).success).toBe(false);
  });

  test("a patch names known fields only, and at least one", () => {
    expect(mediaFieldsPatch.safeParse({}).success).toBe(false);
    expect(mediaFieldsPatch.safeParse({ published: true }).success).toBe(false);
    expect(mediaFieldsPatch.safeParse({ status: "public" }).success).toBe(false);
    expect(mediaFieldsPatch.safeParse({ machineTranslated: ["title"] }).success).toBe(false);
    expect(mediaFieldsPatch.parse({ status: "hidden", titleEn: "  Dusk " })).toEqual({
      status: "hidden",
      titleEn: "Dusk",
    });
  });
});

describe("what a save sends", () => {
  test("only the fields the editor changed, so a change made elsewhere meanwhile survives", () => {
    const opened = { ...blank, status: "published" as const, tagsEn: ["harbour"] };
    expect(changedFields(opened, { ...opened })).toEqual({});
    const edited = editField(
      { ...editField(opened, "titleEn", "Ferry"), tagsEn: ["harbour", "ferry"] },
      "titleEn",
      "Ferry",
    );
    expect(changedFields(opened, edited)).toEqual({
      titleEn: "Ferry",
      tagsEn: ["harbour", "ferry"],
    });
  });
});
