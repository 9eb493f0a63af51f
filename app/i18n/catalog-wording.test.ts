import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";

/** msgid → msgstr of every catalog of a language (the main one and the page catalogs). */
function catalog(locale: string): Map<string, string> {
  const joined = (lines: string) =>
    [...lines.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]).join("");
  const entries = new Map<string, string>();
  for (const file of readdirSync(`locales/${locale}`).filter((name) => name.endsWith(".po"))) {
    const text = readFileSync(`locales/${locale}/${file}`, "utf8");
    for (const m of text.matchAll(/^msgid ((?:".*"\n)+)msgstr ((?:".*"\n?)+)/gm)) {
      entries.set(joined(m[1] as string), joined(m[2] as string));
    }
  }
  return entries;
}

describe("each language names the time-lapse one way", () => {
  test.each([
    ["fr", "time-lapse", /timelapse/i],
    ["it", "timelapse", /time-lapse/i],
    ["es", "timelapse", /time-lapse/i],
  ])("%s writes %s", (locale, _spelling, other) => {
    const elsewhere = [...catalog(locale)].filter(([, text]) => other.test(text));
    expect(elsewhere).toEqual([]);
  });
});

test("captions with a time or a date read as natural sentences", () => {
  const fr = catalog("fr");
  expect(fr.get("Image from {time}")).toBe("Image prise à {time}");
  expect(fr.get("Image from {dateTime}")).toBe("Image prise le {dateTime}");
  // Under temperature, wind and humidity alike: a noun, so no participle has to agree.
  expect(fr.get("Measured at {time}")).toBe("Mesure prise à {time}");
  expect(catalog("it").get("No pictures on {date}")).toBe("Nessuna immagine per {date}");
});

// The page catalogs load beside the main one: a message in two of them must read the same, or
// the server and the browser render different text (a hydration error on the admin's page).
test.each(["de", "en", "it", "fr", "es"])(
  "%s translates a message the same in every catalog",
  (locale) => {
    const seen = new Map<string, { file: string; text: string }>();
    const differing: string[] = [];
    for (const file of readdirSync(`locales/${locale}`).filter((name) => name.endsWith(".po"))) {
      const text = readFileSync(`locales/${locale}/${file}`, "utf8");
      for (const m of text.matchAll(/^msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"/gm)) {
        const [id, translation] = [m[1] as string, m[2] as string];
        const earlier = seen.get(id);
        if (earlier && earlier.text !== translation) {
          differing.push(`"${id}": ${earlier.file} "${earlier.text}", ${file} "${translation}"`);
        }
        seen.set(id, { file, text: translation });
      }
    }
    expect(differing).toEqual([]);
  },
);
