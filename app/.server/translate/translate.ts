import { z } from "zod";
import type { LanguageTexts, Translations } from "#app/features/gallery/media-fields.ts";
import { type Locale, localeInfo } from "#app/i18n/locales.ts";
import { protectPlaceNames, restorePlaceNames } from "./place-names.ts";

/** Not m2m100: Cloudflare lists no Italian for it; Llama 3.x covers all five languages and JSON mode. */
const TRANSLATION_MODEL = "@cf/meta/llama-3.3-70b-instruct-fp8-fast";

type ChatInput = {
  messages: { role: "system" | "user"; content: string }[];
  response_format: { type: "json_schema"; json_schema: object };
  max_tokens: number;
  temperature: number;
};

export type TranslationModel = {
  run(model: typeof TRANSLATION_MODEL, inputs: ChatInput): Promise<unknown>;
};

export class TranslationError extends Error {
  override name = "TranslationError";
}

const languageName = (locale: Locale) => localeInfo[locale].name;

const textsSchema = z.object({
  title: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
});

const textsJsonSchema = {
  type: "object",
  properties: {
    title: { type: "string" },
    description: { type: "string" },
    tags: { type: "array", items: { type: "string" } },
  },
  required: ["title", "description", "tags"],
};

/** Workers AI answers JSON mode with an object, or with its text when the model strays. */
function answerOf(result: unknown): unknown {
  const response = (result as { response?: unknown } | null)?.response;
  if (typeof response !== "string") return response;
  try {
    return JSON.parse(response);
  } catch {
    return undefined;
  }
}

export async function translateTexts(
  model: TranslationModel,
  from: Locale,
  to: Locale[],
  texts: LanguageTexts,
): Promise<Translations> {
  const title = protectPlaceNames(texts.title);
  const description = protectPlaceNames(texts.description);
  const tags = texts.tags.map((tag) => protectPlaceNames(tag));
  const source = {
    title: title.text,
    description: description.text,
    tags: tags.map((t) => t.text),
  };
  const targets = to.map((locale) => `"${locale}" (${languageName(locale)})`).join(", ");

  let result: unknown;
  try {
    result = await model.run(TRANSLATION_MODEL, {
      messages: [
        {
          role: "system",
          content: [
            `You translate the captions of photos and videos from a webcam site on Lake Garda, Italy, from ${languageName(from)} into ${targets}.`,
            "Write natural, concise text as a native speaker would; keep the tone.",
            "Markers such as [[0]] stand for place names: copy every marker exactly once, unchanged, where the name belongs.",
            "Keep an empty text empty. Tags stay short and lower-case.",
            `Answer with one JSON object whose keys are the language codes ${to.map((l) => `"${l}"`).join(", ")}, each holding {"title", "description", "tags"}.`,
          ].join(" "),
        },
        { role: "user", content: JSON.stringify(source) },
      ],
      response_format: {
        type: "json_schema",
        json_schema: {
          type: "object",
          properties: Object.fromEntries(to.map((locale) => [locale, textsJsonSchema])),
          required: to,
        },
      },
      max_tokens: 2048,
      temperature: 0.2,
    });
  } catch (error) {
    throw new TranslationError("the translation model could not be reached", { cause: error });
  }

  const parsed = z
    .object(Object.fromEntries(to.map((l) => [l, textsSchema])))
    .safeParse(answerOf(result));
  if (!parsed.success)
    throw new TranslationError("the translation model answered in another shape");

  const translations: Translations = {};
  for (const locale of to) {
    const answer = parsed.data[locale] as z.infer<typeof textsSchema>;
    const restore = (text: string, names: number[]) => {
      const restored = restorePlaceNames(text, names, locale);
      if (restored === null) throw new TranslationError(`a place name was lost in ${locale}`);
      return restored.trim();
    };
    translations[locale] = {
      // Whatever the model does, an empty text stays empty and a filled one is not dropped.
      title: texts.title ? restore(answer.title, title.names) : "",
      description: texts.description ? restore(answer.description, description.names) : "",
      tags:
        answer.tags.length === tags.length
          ? [
              ...new Set(
                answer.tags.map((tag, i) => restore(tag, tags[i]?.names ?? []).toLowerCase()),
              ),
            ]
          : [],
    };
  }
  return translations;
}
