import { describe, expect, test } from "vitest";
import { translate as fakeTranslation } from "#test/fake-ai.ts";
import { protectPlaceNames, restorePlaceNames } from "./place-names.ts";
import { TranslationError, type TranslationModel, translateTexts } from "./translate.ts";

/** The stand-in model of the tests: it mangles every place name it can read. */
function fakeModel(scenario = "ok"): TranslationModel & { inputs: unknown[] } {
  const inputs: unknown[] = [];
  return {
    inputs,
    async run(_model, input) {
      inputs.push(input);
      const user = input.messages.find((message) => message.role === "user")?.content ?? "{}";
      const required = (input.response_format.json_schema as { required: string[] }).required;
      return fakeTranslation(JSON.parse(user), required, scenario);
    },
  };
}

const texts = {
  title: "Sunset over Lake Garda from Torri del Benaco",
  description:
    "The ferry from Malcesine passes Sirmione; Monte Baldo behind. Riva del Garda far north.",
  tags: ["garda", "sunset"],
};

describe("translation keeps the lake's place names", () => {
  test("the fake model mangles a name it can read (the hazard the markers guard against)", () => {
    const raw = fakeTranslation(texts, ["it"]) as { response: { it: { title: string } } };
    expect(raw.response.it.title).not.toContain("Torri del Benaco");
    expect(raw.response.it.title).not.toContain("Garda");
  });

  test("every name reaches the model only as a marker and comes back in each language's form", async () => {
    const model = fakeModel();
    const translations = await translateTexts(model, "en", ["it", "de", "fr"], texts);
    const sent = JSON.stringify(model.inputs).split('"role":"user"')[1];
    expect(sent).toContain("Sunset over [[0]] from [[1]]");
    expect(sent).not.toMatch(/Garda|Torri|Malcesine|Sirmione|Baldo/);
    expect(translations.it?.title).toBe("Sunset over Lago di Garda from Torri del Benaco (it)");
    expect(translations.de?.title).toBe("Sunset over Gardasee from Torri del Benaco (de)");
    expect(translations.fr?.description).toBe(
      "The ferry from Malcesine passes Sirmione; mont Baldo behind. Riva del Garda far north. (fr)",
    );
    expect(translations.it?.tags).toEqual(["garda-it", "sunset-it"]);
  });

  test("a name is matched whole, whatever its case, and not inside another word", () => {
    const { text, names } = protectPlaceNames("GARDASEE and garda, Arcobaleno in Arco");
    expect(text).toBe("[[0]] and [[1]], Arcobaleno in [[2]]");
    expect(restorePlaceNames(text, names, "it")).toBe(
      "Lago di Garda and Garda, Arcobaleno in Arco",
    );
  });

  test("a translation that dropped a marker fails rather than lose a name", async () => {
    await expect(translateTexts(fakeModel("lose-marker"), "en", ["it"], texts)).rejects.toThrow(
      TranslationError,
    );
    expect(restorePlaceNames("no marker left", [0], "it")).toBeNull();
    expect(restorePlaceNames("an invented [[7]]", [], "it")).toBeNull();
  });

  test("an answer in another shape, or a model that cannot be reached, is a translation error", async () => {
    const chatty: TranslationModel = { run: async () => ({ response: "Sure! Here it is:" }) };
    await expect(translateTexts(chatty, "en", ["it"], texts)).rejects.toThrow(TranslationError);
    const remoteOnly: TranslationModel = {
      run: async () => {
        throw new Error("Binding AI needs to be run remotely");
      },
    };
    await expect(translateTexts(remoteOnly, "en", ["it"], texts)).rejects.toThrow(TranslationError);
  });

  test("an empty text stays empty in every language", async () => {
    const translations = await translateTexts(fakeModel(), "de", ["en"], {
      title: "Abend am Gardasee",
      description: "",
      tags: [],
    });
    expect(translations.en).toEqual({
      title: "Abend am Lake Garda (en)",
      description: "",
      tags: [],
    });
  });
});
