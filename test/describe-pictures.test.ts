import { env } from "cloudflare:workers";
import { beforeAll, beforeEach, describe, expect, test } from "vitest";
import { lakeWallClock } from "#time/lake-time.ts";
import { logIn } from "./admin.ts";
import { expectConsoleError } from "./console-errors.ts";
import { createMedia } from "./factories.ts";
import { ORIGIN, runCron, tagWith, visit } from "./helpers.ts";
import { sendStill } from "./stills-factory.ts";
import { facts, mp4, uploadTimelapse } from "./timelapse-upload.ts";
import { fakeUpstreamVars } from "./upstream-vars.ts";

const LOCALES = ["de", "en", "it", "fr", "es"] as const;
const column = (field: string, locale: string) => `${field}_${locale}`;
const marks = (fields: string[]) =>
  fields.flatMap((field) =>
    LOCALES.map((l) => `${field}${l.charAt(0).toUpperCase()}${l.slice(1)}`),
  );

let owner = "";
beforeAll(async () => {
  owner = (await logIn()).session;
});

beforeEach(async () => {
  await env.DB.batch(
    ["describe_jobs", "describe_days", "media", "stills", "day_strips", "day_picks", "uploads"].map(
      (t) => env.DB.prepare(`delete from ${t}`),
    ),
  );
});

type Row = Record<string, string | number | null>;
const item = (id: string) =>
  env.DB.prepare("select * from media where id = ?").bind(id).first<Row>();
const jobOf = (id: string) =>
  env.DB.prepare("select * from describe_jobs where subject_id = ?").bind(id).first<Row>();
const failing = {
  ...env,
  AI_STAND_IN_URL: fakeUpstreamVars("https://upstream.test", "describe", "http-500")
    .AI_STAND_IN_URL,
};

function asOwner(path: string, method: string, body: unknown) {
  return visit(path, {
    method,
    headers: { Cookie: owner, Origin: ORIGIN, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

async function publishedFilm(): Promise<string> {
  const { from, to } = facts();
  const [start, end] = [Date.parse(from), Date.parse(to)];
  for (const at of [start, (start + end) / 2, end])
    expect((await sendStill(at)).response.status).toBe(201);
  const response = await uploadTimelapse(mp4(64 * 1024));
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

describe("descriptions by Workers AI", () => {
  test("a night's film is published with its template, then described from three archive stills in five languages, marked as automatic", async () => {
    const id = await publishedFilm();
    const published = await item(id);
    expect(published?.description_en).toContain("The harbour from");
    expect(await jobOf(id)).toMatchObject({ state: "pending", attempts: 0 });

    await runCron();

    const described = await item(id);
    expect(described?.description_en).toBe(
      "From 3 pictures: the water turns gold at Torri del Benaco, Lake Garda (en)",
    );
    expect(described?.description_de).toBe(
      "From 3 pictures: the water turns gold at Torri del Benaco, Gardasee (de)",
    );
    expect(described?.alt_it).toBe(
      "Boats in the harbour of Torri del Benaco, Lago di Garda under a clear sky (it)",
    );
    for (const l of LOCALES) expect(described?.[column("description", l)]).toMatch(`(${l})`);
    // The title says the day, which the template knows and the model does not.
    expect(described?.title_en).toBe(published?.title_en);
    expect(JSON.parse(String(described?.machine_described)).sort()).toEqual(
      marks(["description", "alt"]).sort(),
    );
    expect(await jobOf(id)).toMatchObject({ state: "done", tokens_in: 3600, tokens_out: 450 });

    const statistics = await visit("/en/admin/statistics", { headers: { Cookie: owner } });
    expect(await statistics.text()).toContain(
      "Workers AI descriptions today: 1 of 24 calls, about 45 of 10,000 free neurons.",
    );

    const page = await (await visit(`/en/gallery/${id}`)).text();
    const describedBy = /<button[^>]*aria-describedby="([^"]+)"/.exec(page)?.[1];
    expect(describedBy).toBeDefined();
    expect(page).toMatch(
      new RegExp(`id="${describedBy}"[^>]*>From 3 pictures: the water turns gold at Torri`),
    );
  });

  test("a re-run of the night's film brings its template back, unmarked, and is described again", async () => {
    const id = await publishedFilm();
    await runCron();
    const rerun = await uploadTimelapse(mp4(64 * 1024));
    expect(rerun.status).toBe(201);
    const replaced = await item(id);
    expect(replaced?.description_en).toContain("The harbour from");
    expect(JSON.parse(String(replaced?.machine_described)).sort()).toEqual(marks(["alt"]).sort());

    await runCron();
    expect((await item(id))?.description_en).toMatch(/^From 3 pictures/);
    expect(JSON.parse(String((await item(id))?.machine_described)).sort()).toEqual(
      marks(["description", "alt"]).sort(),
    );
  });

  test("after three failed calls the job is given up and the template stays", async () => {
    expectConsoleError(/describe: job \d+ failed 3 times, the template stays/);
    const id = await publishedFilm();
    const template = (await item(id))?.description_en;
    for (let run = 1; run <= 3; run++) {
      await runCron(failing);
      expect(await jobOf(id)).toMatchObject({
        state: run < 3 ? "pending" : "failed",
        attempts: run,
      });
    }
    await runCron();
    expect((await item(id))?.description_en).toBe(template);
    expect(await jobOf(id)).toMatchObject({ state: "failed", attempts: 3 });
  });

  test("once the day's cap is reached, no call is made until the next UTC day", async () => {
    const id = await publishedFilm();
    const today = new Date().toISOString().slice(0, 10);
    await env.DB.prepare("insert into describe_days (day, calls) values (?, 24)").bind(today).run();
    await runCron();
    expect(await jobOf(id)).toMatchObject({ state: "pending", attempts: 0 });
    expect(
      await env.DB.prepare("select calls from describe_days where day = ?").bind(today).first(),
    ).toEqual({ calls: 24 });

    await env.DB.prepare("update describe_days set day = '2000-01-01'").run();
    await runCron();
    expect(await jobOf(id)).toMatchObject({ state: "done", attempts: 1 });
  });

  test("an upload published without a description is described; what the owner wrote before the job stays", async () => {
    const { id } = await createMedia({ status: "draft", titleEn: "" });
    const publish = await asOwner(`/api/admin/media/${id}`, "PATCH", { status: "published" });
    expect(publish.status).toBe(200);
    expect(await jobOf(id)).toMatchObject({ state: "pending" });
    const edit = await asOwner(`/api/admin/media/${id}`, "PATCH", {
      descriptionIt: "La mia descrizione",
      altDe: "Mein Alternativtext",
    });
    expect(edit.status).toBe(200);

    await runCron();

    const described = await item(id);
    expect(described?.description_it).toBe("La mia descrizione");
    expect(described?.alt_de).toBe("Mein Alternativtext");
    expect(described?.description_fr).toBe(
      "From 1 pictures: the water turns gold at Torri del Benaco, lac de Garde (fr)",
    );
    expect(described?.title_es).toBe("Calm evening (es)");
    const marked: string[] = JSON.parse(String(described?.machine_described));
    expect(marked).toContain("titleEn");
    expect(marked).not.toContain("descriptionIt");
    expect(marked).not.toContain("altDe");

    // The owner's edit of an automatic text ends its mark.
    await asOwner(`/api/admin/media/${id}`, "PATCH", { titleEn: "Evening at the harbour" });
    expect(JSON.parse(String((await item(id))?.machine_described))).not.toContain("titleEn");
  });
});

const HOUR = 3_600_000;
type StillTextsRow = {
  id: string;
  slot: number;
  day: string;
  texts: string | null;
  texts_by: string | null;
};
const stillOf = (takenAt: number) =>
  env.DB.prepare("select id, slot, day, texts, texts_by from stills where taken_at = ?")
    .bind(takenAt)
    .first<StillTextsRow>();
const archivePage = async (locale: "" | "/en", still: StillTextsRow) =>
  (await visit(`${locale}/archive?at=${lakeWallClock(still.slot)}`)).text();

async function archived(takenAt: number, proposal?: { kind: "sunset" | "best"; score: number }) {
  const sent = await sendStill(takenAt, undefined, proposal && { colour: "#884930", proposal });
  expect(sent.response.status).toBe(201);
  const still = await stillOf(takenAt);
  if (!still) throw new Error("the still was not archived");
  return still;
}

describe("descriptions of the day's picked stills", () => {
  test("the box's sunset is described from its picture in five languages, shown in the archive as its alt text and line", async () => {
    const takenAt = Date.now() - 2 * HOUR;
    await archived(takenAt);
    const plain = await archived(takenAt - HOUR);
    expect(await jobOf(plain.id)).toBeNull();
    const still = await archived(takenAt, { kind: "sunset", score: 88 });
    expect(await jobOf(still.id)).toMatchObject({ kind: "still", state: "pending" });

    await runCron();

    const described = await stillOf(takenAt);
    expect(described?.texts_by).toBe("machine");
    const texts = JSON.parse(String(described?.texts));
    expect(Object.keys(texts).sort()).toEqual([...LOCALES].sort());
    expect(texts.it).toEqual({
      alt: "Boats in the harbour of Torri del Benaco, Lago di Garda under a clear sky (it)",
      line: "From 1 pictures: the water turns gold at Torri del Benaco, Lago di Garda (it)",
    });
    const german = await archivePage("", still);
    expect(german).toContain(
      'alt="Boats in the harbour of Torri del Benaco, Gardasee under a clear sky (de)"',
    );
    expect(german).toContain(
      ">From 1 pictures: the water turns gold at Torri del Benaco, Gardasee (de)</p>",
    );
    const english = await archivePage("/en", still);
    expect(english).toContain(
      'alt="Boats in the harbour of Torri del Benaco, Lake Garda under a clear sky (en)"',
    );
    expect(english).toContain(
      ">From 1 pictures: the water turns gold at Torri del Benaco, Lake Garda (en)</p>",
    );
  });

  test("the owner's pick and best-of mark queue a description; once the day's cap is reached, no call is made", async () => {
    const takenAt = Date.now() - 3 * HOUR;
    const still = await archived(takenAt);
    const pick = await asOwner(`/api/admin/days/${still.day}`, "PATCH", {
      kind: "best",
      id: still.id,
    });
    expect(pick.status).toBe(200);
    expect(await jobOf(still.id)).toMatchObject({ kind: "still", state: "pending" });
    const other = await archived(Date.now() - 4 * HOUR);
    expect((await asOwner(`/api/admin/stills/${other.id}`, "PATCH", { bestOf: true })).status).toBe(
      200,
    );
    expect(await jobOf(other.id)).toMatchObject({ kind: "still", state: "pending" });

    const today = new Date().toISOString().slice(0, 10);
    await env.DB.prepare("insert into describe_days (day, calls) values (?, 24)").bind(today).run();
    await runCron();
    expect(await jobOf(still.id)).toMatchObject({ state: "pending", attempts: 0 });
    expect((await stillOf(takenAt))?.texts).toBeNull();
  });

  test("after three failed calls the still keeps its template alt text and no line", async () => {
    expectConsoleError(/describe: job \d+ failed 3 times, the template stays/);
    const takenAt = Date.now() - 2 * HOUR;
    const still = await archived(takenAt, { kind: "best", score: 90 });
    for (let run = 1; run <= 3; run++) await runCron(failing);
    expect(await jobOf(still.id)).toMatchObject({ state: "failed", attempts: 3 });
    await runCron();
    expect((await stillOf(takenAt))?.texts).toBeNull();
    const page = await archivePage("/en", still);
    expect(tagWith(page, 'fetchPriority="high"', "img")).toMatch(/ alt="Lake Garda on [^"]+"/);
    expect(page).not.toContain("the water turns gold");
  });

  test("the owner's word wins: removed texts are never written, kept ones lose their mark", async () => {
    const removedAt = Date.now() - 2 * HOUR;
    const removed = await archived(removedAt, { kind: "sunset", score: 80 });
    const settle = await asOwner(`/api/admin/stills/${removed.id}`, "PATCH", { texts: "remove" });
    expect(await settle.json()).toEqual({ id: removed.id, texts: "remove" });
    await runCron();
    expect(await stillOf(removedAt)).toMatchObject({ texts: null, texts_by: "owner" });
    expect(await archivePage("/en", removed)).not.toContain("the water turns gold");

    const keptAt = Date.now() - 5 * HOUR;
    const kept = await archived(keptAt, { kind: "best", score: 95 });
    await runCron();
    expect((await stillOf(keptAt))?.texts_by).toBe("machine");
    expect((await asOwner(`/api/admin/stills/${kept.id}`, "PATCH", { texts: "keep" })).status).toBe(
      200,
    );
    expect(await stillOf(keptAt)).toMatchObject({ texts_by: "owner" });
    expect(await archivePage("/en", kept)).toContain("the water turns gold");
    // A later pick of a still with texts queues nothing.
    await asOwner(`/api/admin/days/${kept.day}`, "PATCH", { kind: "sunset", id: kept.id });
    expect(await jobOf(kept.id)).toMatchObject({ state: "done" });
  });
});
