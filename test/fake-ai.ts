// Workers AI's stand-in: like small models, it mangles every place name not behind a marker.

type FakeReply = { status: number; contentType: string; body: string };

const MANGLED: [RegExp, string][] = [
  [/Lake Garda|Lago di Garda|Gardasee/gi, "Guard Lake"],
  [/Torri del Benaco/gi, "Towers of Benaco"],
  [/Riva del Garda/gi, "Guard Shore"],
  [/Malcesine/gi, "Malcesina"],
  [/Sirmione/gi, "Sirmio"],
  [/Monte Baldo/gi, "Mount Bald"],
  [/Garda/gi, "guard"],
];

const mangle = (text: string) =>
  MANGLED.reduce((result, [name, mangled]) => result.replace(name, mangled), text);

const render = (text: string, locale: string) => (text ? `${mangle(text)} (${locale})` : "");

type Texts = { title: string; description: string; tags: string[] };
type Request = {
  model?: string;
  inputs?: {
    messages?: { role: string; content: string | { type: string }[] }[];
    response_format?: { json_schema?: { required?: string[] } };
  };
};

export function translate(source: Texts, locales: string[], scenario = "ok"): unknown {
  const answer = Object.fromEntries(
    locales.map((locale) => [
      locale,
      {
        title: render(source.title, locale),
        description: render(source.description, locale),
        tags: source.tags.map((tag) => `${mangle(tag)}-${locale}`),
      },
    ]),
  );
  if (scenario === "lose-marker") {
    for (const texts of Object.values(answer))
      texts.title = texts.title.replace(/\[\[\d+\]\]/g, "");
  }
  return { response: answer };
}

export function fakeAi(scenario: string, body: string): FakeReply {
  const json = (status: number, value: unknown): FakeReply => ({
    status,
    contentType: "application/json",
    body: JSON.stringify(value),
  });
  if (scenario === "http-500")
    return json(500, { errors: [{ message: "InferenceUpstreamError" }] });
  if (scenario === "garbage") return json(200, { response: "Sure! Here is the translation:" });
  const request = JSON.parse(body) as Request;
  if (request.model === DESCRIBE_MODEL) return json(200, describePictures(request));
  const user = request.inputs?.messages?.find((message) => message.role === "user");
  const locales = request.inputs?.response_format?.json_schema?.required ?? [];
  return json(
    200,
    translate(
      JSON.parse((user?.content as string | undefined) ?? "{}") as Texts,
      locales,
      scenario,
    ),
  );
}

const DESCRIBE_MODEL = "@cf/google/gemma-4-26b-a4b-it";
const LOCALES = ["de", "en", "it", "fr", "es"];

/** The vision model: names the places as the system prompt gave them, and counts the pictures. */
function describePictures(request: Request): unknown {
  const messages = request.inputs?.messages ?? [];
  const system = messages.find((message) => message.role === "system")?.content as string;
  const place = /webcam site in (.*?) \(Italy\)/.exec(system)?.[1] ?? "";
  const user = messages.find((message) => message.role === "user")?.content;
  const pictures = Array.isArray(user)
    ? user.filter((part) => part.type === "image_url").length
    : 0;
  const texts = Object.fromEntries(
    LOCALES.map((locale) => [
      locale,
      {
        title: `Calm evening (${locale})`,
        alt: `Boats in the harbour of ${mangle(place)} under a clear sky (${locale})`,
        line: `From ${pictures} pictures: the water turns gold at ${mangle(place)} (${locale})`,
      },
    ]),
  );
  return {
    choices: [{ index: 0, message: { role: "assistant", content: JSON.stringify(texts) } }],
    usage: { prompt_tokens: 1100 * pictures + 300, completion_tokens: 450 },
  };
}
