import { z } from "zod";
import { type Locale, locales } from "#app/i18n/locales.ts";
import { type LocalizedField, localizedField, localizedFields } from "./localized-fields.ts";
import { mediaTypes } from "./media.ts";

// The same list as the D1 schema's; the server's gallery/admin-media.ts checks that they agree.
export const mediaStatuses = ["draft", "published", "hidden"] as const;
export type MediaStatus = (typeof mediaStatuses)[number];

const translatableFields = ["title", "description", "tags"] as const;
export type TranslatableField = (typeof translatableFields)[number];
export type LocalizedFieldName = LocalizedField<TranslatableField>;
const localizedFieldNames: LocalizedFieldName[] = translatableFields.flatMap((field) =>
  localizedFields(field),
);

type AltFieldName = LocalizedField<"alt">;

export function blankTexts(): Pick<MediaFields, LocalizedFieldName | AltFieldName> {
  const texts: Partial<Record<LocalizedFieldName | AltFieldName, string | string[]>> = {};
  for (const name of localizedFieldNames) texts[name] = name.startsWith("tags") ? [] : "";
  for (const name of localizedFields("alt")) texts[name] = "";
  return texts as Pick<MediaFields, LocalizedFieldName | AltFieldName>;
}

export const MAX_BULK_ITEMS = 100;

const MAX_TITLE_LENGTH = 120;
const MAX_DESCRIPTION_LENGTH = 2000;
export const MAX_ALT_LENGTH = 250;
const MAX_SOURCE_LENGTH = 200;
export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 40;

const tag = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(MAX_TAG_LENGTH)
  .regex(/^[^,]+$/, "a tag cannot contain a comma");

const perLanguage = <F extends string, S extends z.ZodType>(field: F, schema: S) =>
  Object.fromEntries(localizedFields(field).map((name) => [name, schema])) as Record<
    LocalizedField<F>,
    S
  >;

export const mediaFields = z.strictObject({
  type: z.enum(mediaTypes),
  featured: z.boolean(),
  status: z.enum(mediaStatuses),
  source: z.string().trim().max(MAX_SOURCE_LENGTH),
  takenAt: z.iso.datetime({ offset: true, message: "takenAt must be an ISO 8601 date and time" }),
  ...perLanguage("title", z.string().trim().max(MAX_TITLE_LENGTH)),
  ...perLanguage("description", z.string().trim().max(MAX_DESCRIPTION_LENGTH)),
  ...perLanguage("tags", z.array(tag).max(MAX_TAGS)),
  ...perLanguage("alt", z.string().trim().max(MAX_ALT_LENGTH)),
  machineTranslated: z
    .array(z.enum(localizedFieldNames as [LocalizedFieldName, ...LocalizedFieldName[]]))
    .max(localizedFieldNames.length),
});
export type MediaFields = z.infer<typeof mediaFields>;

export const mediaFieldsPatch = mediaFields
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, "nothing to change");
export type MediaFieldsPatch = z.infer<typeof mediaFieldsPatch>;

export const adminMediaItem = z.object({
  ...mediaFields.shape,
  id: z.string(),
  /** Fields Workers AI wrote and the owner has not edited since; the owner's PATCH clears them. */
  machineDescribed: z.array(z.string()),
  views: z.int(),
  likes: z.int(),
  thumbnailUrl: z.string(),
  width: z.int(),
  height: z.int(),
});
export type AdminMediaItem = z.output<typeof adminMediaItem>;

export const adminMediaPage = z.object({
  items: z.array(adminMediaItem),
  nextCursor: z.string().nullable(),
});
export type AdminMediaPage = z.output<typeof adminMediaPage>;

/** The most "Select all" takes at once: a library grows by a film a day, for years. */
export const MAX_SELECTION = 5000;

export const matchingItems = z.object({
  items: z.array(z.object({ id: z.string(), ...perLanguage("title", z.string()) })),
});
export type MatchingItems = z.output<typeof matchingItems>;
export type MatchingItem = MatchingItems["items"][number];

export const bulkOutcome = z.object({ done: z.array(z.string()), failed: z.array(z.string()) });
export type BulkOutcome = z.output<typeof bulkOutcome>;

export const deletedItem = z.object({ deleted: z.string() });
export type DeletedItem = z.output<typeof deletedItem>;

/** Only changed fields are sent: a save never undoes another tab's or a bulk action's change. */
export function changedFields(opened: MediaFields, saved: MediaFields): Partial<MediaFields> {
  return Object.fromEntries(
    Object.entries(saved).filter(
      ([name, value]) =>
        JSON.stringify(value) !== JSON.stringify(opened[name as keyof MediaFields]),
    ),
  );
}

export function editField<K extends keyof MediaFields>(
  fields: MediaFields,
  name: K,
  value: MediaFields[K],
): MediaFields {
  return {
    ...fields,
    [name]: value,
    machineTranslated: fields.machineTranslated.filter((marked) => marked !== name),
  };
}

export function parseTags(text: string): string[] {
  return [
    ...new Set(
      text
        .split(",")
        .map((part) => part.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

const languageTextsSchema = z.object({
  title: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
});
export type LanguageTexts = z.output<typeof languageTextsSchema>;

export function languageTexts(fields: MediaFields, locale: Locale): LanguageTexts {
  return {
    title: fields[localizedField("title", locale)],
    description: fields[localizedField("description", locale)],
    tags: fields[localizedField("tags", locale)],
  };
}

const isEmpty = (value: string | string[]) => value.length === 0;

export function languagesToFill(fields: MediaFields, from: Locale): Locale[] {
  const source = languageTexts(fields, from);
  return locales.filter(
    (locale) =>
      locale !== from &&
      translatableFields.some(
        (field) => !isEmpty(source[field]) && isEmpty(fields[localizedField(field, locale)]),
      ),
  );
}

export const translateRequest = z.strictObject({
  from: z.enum(locales),
  to: z
    .array(z.enum(locales))
    .min(1)
    .max(locales.length - 1),
  texts: z.strictObject({
    title: z.string().trim().max(MAX_TITLE_LENGTH),
    description: z.string().trim().max(MAX_DESCRIPTION_LENGTH),
    tags: z.array(tag).max(MAX_TAGS),
  }),
});
export type TranslateRequest = z.infer<typeof translateRequest>;
export const translationsAnswer = z.object({
  translations: z.partialRecord(z.enum(locales), languageTextsSchema),
});
export type Translations = z.output<typeof translationsAnswer>["translations"];

export function applyTranslations(fields: MediaFields, translations: Translations): MediaFields {
  const next: MediaFields = { ...fields };
  const marked = new Set(fields.machineTranslated);
  for (const locale of locales) {
    const texts = translations[locale];
    if (!texts) continue;
    for (const field of translatableFields) {
      const name = localizedField(field, locale);
      if (!isEmpty(next[name]) || isEmpty(texts[field])) continue;
      Object.assign(next, { [name]: texts[field] });
      marked.add(name);
    }
  }
  return { ...next, machineTranslated: localizedFieldNames.filter((name) => marked.has(name)) };
}
