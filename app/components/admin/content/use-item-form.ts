import { useId, useState } from "react";
import { useLocale } from "#app/components/ui/localized-link.tsx";
import { localizedField } from "#app/features/gallery/localized-fields.ts";
import {
  applyTranslations,
  editField,
  languagesToFill,
  languageTexts,
  type MediaFields,
  mediaFields,
  parseTags,
} from "#app/features/gallery/media-fields.ts";
import { type Locale, locales } from "#app/i18n/locales.ts";
import { translate as translateTexts } from "./content-api.ts";

const tagTextsOf = (fields: MediaFields, kept: Partial<Record<Locale, string>> = {}) =>
  Object.fromEntries(
    locales.map((l) => [l, kept[l] || fields[localizedField("tags", l)].join(", ")]),
  ) as Record<Locale, string>;

export function useItemForm(initial: MediaFields, described: readonly string[] = []) {
  const locale = useLocale();
  const ids = useId();
  const [fields, setFields] = useState(initial);
  const [tagTexts, setTagTexts] = useState(() => tagTextsOf(initial));
  const [source, setSource] = useState<Locale>(() =>
    languageTexts(initial, locale).title
      ? locale
      : (locales.find((l) => initial[localizedField("title", l)]) ?? locale),
  );
  const [tab, setTab] = useState<string>(locale);
  const [badTags, setBadTags] = useState<Locale | null>(null);
  const [translating, setTranslating] = useState(false);

  const set = <K extends keyof MediaFields>(name: K, value: MediaFields[K]) =>
    setFields((current) => editField(current, name, value));

  return {
    fields,
    set,
    fieldId: (name: string) => `${ids}-${name}`,
    tagTexts,
    setTags(l: Locale, text: string) {
      setTagTexts((texts) => ({ ...texts, [l]: text }));
      set(localizedField("tags", l), parseTags(text));
    },
    marked: (name: string) => (fields.machineTranslated as string[]).includes(name),
    // Until the owner changes it; saving the change clears the server's mark too.
    described: (name: keyof MediaFields) =>
      described.includes(name) && fields[name] === initial[name],
    source,
    setSource,
    toFill: languagesToFill(fields, source),
    tab,
    setTab,
    badTags,
    translating,

    async translate() {
      setTranslating(true);
      const outcome = await translateTexts({
        from: source,
        to: languagesToFill(fields, source),
        texts: languageTexts(fields, source),
      });
      setTranslating(false);
      if (outcome.ok) {
        const next = applyTranslations(fields, outcome.value.translations);
        setFields(next);
        setTagTexts((texts) => tagTextsOf(next, texts));
      }
      return outcome;
    },

    // Tags are checked only once split: a refused one opens its language, unless `quietly`.
    parse(change: Partial<MediaFields> = {}, { quietly = false } = {}) {
      const parsed = mediaFields.safeParse({ ...fields, ...change });
      if (parsed.success) {
        if (!quietly) setBadTags(null);
        return { ok: true as const, fields: parsed.data };
      }
      const tagsOf = locales.find((l) =>
        parsed.error.issues.some((issue) => issue.path[0] === localizedField("tags", l)),
      );
      if (tagsOf && !quietly) {
        setBadTags(tagsOf);
        setTab(tagsOf);
        requestAnimationFrame(() =>
          document.getElementById(`${ids}-${localizedField("tags", tagsOf)}`)?.focus(),
        );
      }
      return { ok: false as const, tags: tagsOf !== undefined };
    },
  };
}

export type ItemForm = ReturnType<typeof useItemForm>;
