import type { Locale } from "#app/i18n/locales.ts";

/** Machine translation turns "Garda" into "guard": these names are kept out of its reach. */
const PLACES: readonly (string | Record<Locale, string>)[] = [
  {
    en: "Lake Garda",
    de: "Gardasee",
    it: "Lago di Garda",
    fr: "lac de Garde",
    es: "lago de Garda",
  },
  { en: "Monte Baldo", de: "Monte Baldo", it: "Monte Baldo", fr: "mont Baldo", es: "monte Baldo" },
  "Torri del Benaco",
  "Riva del Garda",
  "Peschiera del Garda",
  "Desenzano del Garda",
  "Limone sul Garda",
  "Punta San Vigilio",
  "Isola del Garda",
  "Malcesine",
  "Sirmione",
  "Bardolino",
  "Lazise",
  "Brenzone",
  "Gargnano",
  "Salò",
  "Arco",
  "Torbole",
  "Benaco",
  "Garda",
];

type Place = { forms: string[]; inLocale: (locale: Locale) => string };

const places: Place[] = PLACES.map((place) =>
  typeof place === "string"
    ? { forms: [place], inLocale: () => place }
    : { forms: [...new Set(Object.values(place))], inLocale: (locale) => place[locale] },
);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// Longest first ("Riva del Garda" is one name) and whole words ("Arco" is not in "Arcobaleno").
const formsByLength = places
  .flatMap((place, index) => place.forms.map((form) => ({ form, index })))
  .sort((a, b) => b.form.length - a.form.length);
const NAME = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${formsByLength.map(({ form }) => escapeRegExp(form)).join("|")})(?![\\p{L}\\p{N}])`,
  "giu",
);
const placeOf = new Map(formsByLength.map(({ form, index }) => [form.toLowerCase(), index]));

/** A marker the model copies as it is: digits in double brackets carry no meaning to translate. */
const marker = (n: number) => `[[${n}]]`;
const MARKER = /\[\[(\d+)\]\]/g;

export function protectPlaceNames(text: string): { text: string; names: number[] } {
  const names: number[] = [];
  const protectedText = text.replace(NAME, (match) => {
    names.push(placeOf.get(match.toLowerCase()) ?? 0);
    return marker(names.length - 1);
  });
  return { text: protectedText, names };
}

/** Null when a marker was lost or invented; a text written from scratch (`everyName: false`) may drop names. */
export function restorePlaceNames(
  text: string,
  names: number[],
  locale: Locale,
  { everyName = true } = {},
): string | null {
  const seen = new Set<number>();
  let valid = true;
  const restored = text.replace(MARKER, (_, digits: string) => {
    const n = Number(digits);
    const place = places[names[n] ?? -1];
    if (!place) {
      valid = false;
      return "";
    }
    seen.add(n);
    return place.inLocale(locale);
  });
  return valid && (!everyName || seen.size === names.length) ? restored : null;
}
