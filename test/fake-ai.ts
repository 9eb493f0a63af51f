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
  inputs?: {
    messages?: { role: string; content: string }[];
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
  const user = request.inputs?.messages?.find((message) => message.role === "user");
  const locales = request.inputs?.response_format?.json_schema?.required ?? [];
  return json(200, translate(JSON.parse(user?.content ?? "{}") as Texts, locales, scenario));
}
