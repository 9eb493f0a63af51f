import { z } from "zod";
import { protectPlaceNames, restorePlaceNames } from "#app/.server/translate/place-names.ts";
import { type Locale, localeInfo, locales } from "#app/i18n/locales.ts";

/** Apache 2.0 and vision (ADR 029): Llama's vision licences exclude the EU. */
const DESCRIBE_MODEL = "@cf/google/gemma-4-26b-a4b-it";

/** Cloudflare's price of the model ($0.10 and $0.30 per M tokens) at $0.011 per 1,000 neurons. */
const NEURONS_PER_M_TOKENS = { in: 9091, out: 27273 };

export const neuronsOf = ({ tokensIn, tokensOut }: { tokensIn: number; tokensOut: number }) =>
  Math.round((tokensIn * NEURONS_PER_M_TOKENS.in + tokensOut * NEURONS_PER_M_TOKENS.out) / 1e6);

export type DescriptionModel = {
  run(
    model: typeof DESCRIBE_MODEL,
    inputs: Ai_Cf_Google_Gemma_4_26B_A4B_It_Input,
  ): Promise<unknown>;
};

class DescriptionError extends Error {
  override name = "DescriptionError";
}

const MAX_TITLE = 60;
const MAX_ALT = 125;
const MAX_LINE = 160;

const textsSchema = z.object({
  title: z.string().trim().min(1).max(MAX_TITLE),
  alt: z.string().trim().min(1).max(MAX_ALT),
  line: z.string().trim().min(1).max(MAX_LINE),
});
export type PictureTexts = z.output<typeof textsSchema>;
export type Descriptions = Record<Locale, PictureTexts>;

const textsJsonSchema = {
  type: "object",
  properties: {
    title: { type: "string", maxLength: MAX_TITLE },
    alt: { type: "string", maxLength: MAX_ALT },
    line: { type: "string", maxLength: MAX_LINE },
  },
  required: ["title", "alt", "line"],
};

const answerSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1),
  usage: z.object({ prompt_tokens: z.int(), completion_tokens: z.int() }).optional(),
});

export type Pictures = { kind: "timelapse" | "picture"; jpegs: Uint8Array[] };
export type DescriptionResult = {
  texts: Descriptions;
  usage: { tokensIn: number; tokensOut: number } | null;
};

function dataUrl(jpeg: Uint8Array): string {
  let binary = "";
  // In slices: spreading a whole picture into one call overflows the stack.
  for (let i = 0; i < jpeg.length; i += 0x8000)
    binary += String.fromCharCode(...jpeg.subarray(i, i + 0x8000));
  return `data:image/jpeg;base64,${btoa(binary)}`;
}

/** One call for five languages: cheaper than English and a translation (ADR 029). */
export async function describePictures(
  model: DescriptionModel,
  pictures: Pictures,
  cameraLocation: string,
): Promise<DescriptionResult> {
  const place = protectPlaceNames(`${cameraLocation}, Lake Garda`);
  const what =
    pictures.kind === "timelapse"
      ? "three frames of one day's time-lapse video: its start, middle and end. Describe the day as the film shows it"
      : "one picture";
  let result: unknown;
  try {
    result = await model.run(DESCRIBE_MODEL, {
      messages: [
        {
          role: "system",
          content: [
            `You write the texts of a webcam site in ${place.text} (Italy). You are shown ${what}.`,
            "Say what the picture shows: light, sky and weather, the water, boats, the shore and the mountains.",
            "Never describe a person's looks or identity, and never guess a date or time.",
            "Markers such as [[0]] stand for place names: write the marker where you name that place, never the name itself.",
            "title: a few words; alt: the text alternative for someone who cannot see the picture; line: one sentence a visitor reads beside it.",
            `Answer with one JSON object whose keys are ${locales.map((l) => `"${l}" (${localeInfo[l].name})`).join(", ")}, each {"title", "alt", "line"}, written naturally in that language.`,
          ].join(" "),
        },
        {
          role: "user",
          content: pictures.jpegs.map((jpeg) => ({
            type: "image_url" as const,
            image_url: { url: dataUrl(jpeg) },
          })),
        },
      ],
      response_format: {
        type: "json_schema",
        json_schema: {
          name: "descriptions",
          strict: true,
          schema: {
            type: "object",
            properties: Object.fromEntries(locales.map((l) => [l, textsJsonSchema])),
            required: [...locales],
          },
        },
      },
      max_completion_tokens: 900,
      temperature: 0.2,
      // Thinking tokens are billed as output and add nothing to a caption.
      chat_template_kwargs: { enable_thinking: false },
    });
  } catch (error) {
    throw new DescriptionError("the description model could not be reached", { cause: error });
  }

  const answer = answerSchema.safeParse(result);
  const content = answer.success ? answer.data.choices[0]?.message.content : undefined;
  const parsed = z.object(Object.fromEntries(locales.map((l) => [l, textsSchema]))).safeParse(
    (() => {
      try {
        return JSON.parse(content ?? "");
      } catch {
        return undefined;
      }
    })(),
  );
  if (!answer.success || !parsed.success)
    throw new DescriptionError("the description model answered in another shape");

  const texts = {} as Descriptions;
  for (const locale of locales) {
    const written = parsed.data[locale] as PictureTexts;
    const restore = (text: string) => {
      const restored = restorePlaceNames(text, place.names, locale, { everyName: false });
      if (restored === null) throw new DescriptionError(`a place name was invented in ${locale}`);
      return restored;
    };
    texts[locale] = {
      title: restore(written.title),
      alt: restore(written.alt),
      line: restore(written.line),
    };
  }
  const usage = answer.data.usage;
  return {
    texts,
    usage: usage ? { tokensIn: usage.prompt_tokens, tokensOut: usage.completion_tokens } : null,
  };
}
