// Seeds the demo gallery and stills archive into local D1 and R2; a no-op once items exist.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { D1Database, D1PreparedStatement, R2Bucket } from "@cloudflare/workers-types";
import { drizzle } from "drizzle-orm/d1";
import { rebuildDayStrip } from "#app/.server/archive/day-strips.ts";
import * as schema from "#app/.server/db/schema.ts";
import type { StillTexts } from "#app/features/archive/stills.ts";
import { locales } from "#app/i18n/locales.ts";
import { splitJpegs } from "#ingest/zoom-sheet.ts";
import { STILL_SLOT_MS } from "#protocol/still-upload.ts";
import { joinTiles, TILE_SIZE, type TileSheetIndex } from "#protocol/tile-sheet.ts";
import { addDays } from "#time/calendar-day.ts";
import { DAY_MS } from "#time/durations.ts";
import { lakeDate, lakeWallClock } from "#time/lake-time.ts";

type Titles = Record<"En" | "De" | "It" | "Fr" | "Es", string>;
type Demo = {
  id: string;
  type: "image" | "video" | "timelapse";
  file: string;
  thumbnail: string;
  title: Titles;
  description?: Titles;
  tags: string[];
  daysAgo: number;
  featured?: boolean;
  width: number;
  height: number;
  durationSeconds?: number;
  /** Uploaded at 2560 px: `<file>-web.jpg` is its file with its tile sheet, `file` its medium version. */
  zoom?: true;
};

const demos: Demo[] = [
  {
    id: "demo-noon",
    type: "image",
    file: "noon.jpg",
    thumbnail: "noon-thumb.jpg",
    title: {
      En: "Midday sun over the lake",
      De: "Mittagssonne über dem See",
      It: "Sole di mezzogiorno sul lago",
      Fr: "Soleil de midi sur le lac",
      Es: "Sol de mediodía sobre el lago",
    },
    description: {
      En: "A clear summer day: the water is calm and the hills of the western shore are sharp.",
      De: "Ein klarer Sommertag: Das Wasser ist ruhig, die Hügel am Westufer zeichnen sich scharf ab.",
      It: "Una limpida giornata d'estate: l'acqua è calma e le colline della sponda occidentale sono nitide.",
      Fr: "Une journée d'été limpide : l'eau est calme et les collines de la rive ouest se découpent nettement.",
      Es: "Un día de verano despejado: el agua está en calma y las colinas de la orilla occidental se ven nítidas.",
    },
    tags: ["summer", "sun", "lake"],
    daysAgo: 2,
    featured: true,
    width: 1280,
    height: 720,
  },
  {
    id: "demo-sunset",
    type: "image",
    file: "sunset.jpg",
    thumbnail: "sunset-thumb.jpg",
    title: {
      En: "Sunset over the western shore",
      De: "Sonnenuntergang über dem Westufer",
      It: "Tramonto sulla sponda occidentale",
      Fr: "Coucher de soleil sur la rive ouest",
      Es: "Atardecer sobre la orilla occidental",
    },
    tags: ["sunset", "evening"],
    daysAgo: 3,
    featured: true,
    width: 1280,
    height: 720,
  },
  {
    id: "demo-morning",
    type: "image",
    file: "morning.jpg",
    thumbnail: "morning-thumb.jpg",
    title: {
      En: "Morning calm in the harbour",
      De: "Morgenstille im Hafen",
      It: "Calma mattutina nel porto",
      Fr: "Calme matinal sur le port",
      Es: "Calma matinal en el puerto",
    },
    tags: ["morning", "harbour"],
    daysAgo: 4,
    width: 2560,
    height: 1440,
    zoom: true,
  },
  {
    id: "demo-storm",
    type: "image",
    file: "storm.jpg",
    thumbnail: "storm-thumb.jpg",
    title: {
      En: "Storm front over the lake",
      De: "Gewitterfront über dem See",
      It: "Fronte temporalesco sul lago",
      Fr: "Front orageux sur le lac",
      Es: "Frente tormentoso sobre el lago",
    },
    tags: ["storm", "weather"],
    daysAgo: 6,
    width: 1280,
    height: 720,
  },
  {
    id: "demo-night",
    type: "image",
    file: "night.jpg",
    thumbnail: "night-thumb.jpg",
    title: {
      En: "Night falls on the harbour",
      De: "Nacht über dem Hafen",
      It: "La notte scende sul porto",
      Fr: "La nuit tombe sur le port",
      Es: "Cae la noche sobre el puerto",
    },
    tags: ["night", "harbour"],
    daysAgo: 8,
    width: 1280,
    height: 720,
  },
  {
    id: "demo-harbour",
    type: "video",
    file: "harbour.mp4",
    thumbnail: "harbour-poster.jpg",
    title: {
      En: "Boats in the harbour",
      De: "Boote im Hafen",
      It: "Barche nel porto",
      Fr: "Bateaux dans le port",
      Es: "Barcos en el puerto",
    },
    tags: ["boats", "harbour"],
    daysAgo: 5,
    width: 854,
    height: 480,
    durationSeconds: 10,
  },
  {
    id: "demo-timelapse",
    type: "timelapse",
    file: "timelapse.mp4",
    thumbnail: "timelapse-poster.jpg",
    title: {
      En: "A day at the lake",
      De: "Ein Tag am See",
      It: "Una giornata al lago",
      Fr: "Une journée au bord du lac",
      Es: "Un día en el lago",
    },
    tags: ["timelapse"],
    daysAgo: 1,
    width: 1280,
    height: 720,
    durationSeconds: 8,
  },
];

// An archive of older photos, enough for a second page ("Show more") in every view.
const archivePhotos = ["morning", "noon", "sunset", "storm", "night"];
for (let n = 1; n <= 24; n++) {
  const photo = archivePhotos[n % archivePhotos.length] ?? "noon";
  demos.push({
    id: `demo-archive-${String(n).padStart(2, "0")}`,
    type: "image",
    file: `${photo}.jpg`,
    thumbnail: `${photo}-thumb.jpg`,
    title: {
      En: `From the archive, no. ${n}`,
      De: `Aus dem Archiv, Nr. ${n}`,
      It: `Dall'archivio, n. ${n}`,
      Fr: `Des archives, n° ${n}`,
      Es: `Del archivo, n.º ${n}`,
    },
    tags: ["archive"],
    daysAgo: 9 + n,
    width: 1280,
    height: 720,
  });
}

const folder = new URL("./demo-media/", import.meta.url);
const contentTypes: Record<string, string> = { jpg: "image/jpeg", mp4: "video/mp4" };

function keyFor(bytes: Buffer, name: string) {
  return `media/${createHash("sha256").update(bytes).digest("hex")}.${name.split(".").pop()}`;
}

export type DemoBindings = { DB: D1Database; MEDIA: R2Bucket; PUBLIC_MEDIA: R2Bucket };

export async function seedDemo(env: DemoBindings): Promise<void> {
  const existing = await env.DB.prepare("select id from media").all<{ id: string }>();
  const present = new Set(existing.results.map((row) => row.id));
  const missing = demos.filter((demo) => !present.has(demo.id));
  if ([...present].some((id) => !id.startsWith("demo-"))) {
    console.log("seed: gallery has items of its own, nothing to do");
  } else if (missing.length > 0) {
    const statements: D1PreparedStatement[] = [];
    for (const demo of missing) {
      const file = readFileSync(new URL(demo.file, folder));
      const web = demo.zoom ? demoWebVersion(demo.file) : null;
      const thumbnail = readFileSync(new URL(demo.thumbnail, folder));
      const fileKey = web?.fileKey ?? keyFor(file, demo.file);
      const mediumKey = web ? keyFor(file, demo.file) : null;
      const thumbnailKey = keyFor(thumbnail, demo.thumbnail);
      const contentType =
        contentTypes[demo.file.split(".").pop() ?? ""] ?? "application/octet-stream";
      await env.MEDIA.put(mediumKey ?? fileKey, file, { httpMetadata: { contentType } });
      for (const put of web?.puts ?? []) await put(env.MEDIA);
      await env.MEDIA.put(thumbnailKey, thumbnail, {
        httpMetadata: { contentType: "image/jpeg" },
      });
      // A demo photo is 1280 px wide, the size of the medium version: it has a small one.
      const smallName = demo.type === "image" ? demo.file.replace(/\.jpg$/, "-small.jpg") : null;
      const small = smallName ? readFileSync(new URL(smallName, folder)) : null;
      const smallKey = small && smallName ? keyFor(small, smallName) : null;
      if (small && smallKey) {
        await env.MEDIA.put(smallKey, small, { httpMetadata: { contentType: "image/jpeg" } });
      }
      // Uploads and the box make a share card.
      const cardName = demo.file.replace(/\.\w+$/, "-card.jpg");
      const card = readFileSync(new URL(cardName, folder));
      const cardKey = keyFor(card, cardName);
      await env.MEDIA.put(cardKey, card, { httpMetadata: { contentType: "image/jpeg" } });
      // Noon UTC is the same date at the lake, on the days the clocks change too.
      const day = addDays(lakeDate(Date.now()), -demo.daysAgo);
      const takenAt = Date.parse(`${day}T12:00:00Z`);
      const description = demo.description ?? { En: "", De: "", It: "", Fr: "", Es: "" };
      statements.push(
        env.DB.prepare(
          `insert into media (id, type, title_en, title_de, title_it, title_fr, title_es,
          description_en, description_de, description_it, description_fr, description_es,
          tags_en, tags_de, tags_it, tags_fr, tags_es, source, status, featured, taken_at,
          created_at, file_key, thumbnail_key, medium_key, small_key, card_key, tiles_key, zoom,
          content_type, byte_size, width, height, duration_seconds, film_day)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ).bind(
          demo.id,
          demo.type,
          demo.title.En,
          demo.title.De,
          demo.title.It,
          demo.title.Fr,
          demo.title.Es,
          description.En,
          description.De,
          description.It,
          description.Fr,
          description.Es,
          ...locales.map(() => `,${demo.tags.join(",")},`),
          "Demo picture drawn by the project",
          "published",
          demo.featured ? 1 : 0,
          takenAt,
          Date.now(),
          fileKey,
          thumbnailKey,
          mediumKey,
          smallKey,
          cardKey,
          web?.tilesKey ?? null,
          web ? JSON.stringify(web.index) : null,
          contentType,
          web?.byteSize ?? file.length,
          demo.width,
          demo.height,
          demo.durationSeconds ?? null,
          // The demo film stands for the box's film of its day until the box renders one.
          demo.type === "timelapse" ? day : null,
        ),
      );
    }
    await env.DB.batch(statements);
    console.log(`seed: added ${missing.length} demo media items`);
  }
  await publishDemoFiles(env);
  await seedDemoStills(env);
}

/** As publishing leaves them (ADR 008): the published items' versions in the public bucket too. */
async function publishDemoFiles(env: { DB: D1Database; MEDIA: R2Bucket; PUBLIC_MEDIA: R2Bucket }) {
  const rows = await env.DB.prepare(
    `select file_key, thumbnail_key, medium_key, small_key, card_key, tiles_key from media
     where status = 'published' and id like 'demo-%'`,
  ).all<Record<string, string | null>>();
  const keys = rows.results.flatMap((row) => Object.values(row).filter((key) => key !== null));
  for (const key of keys) {
    if (await env.PUBLIC_MEDIA.head(key)) continue;
    const object = await env.MEDIA.get(key);
    if (!object) throw new Error(`seed: no stored object for ${key}`);
    await env.PUBLIC_MEDIA.put(key, await object.arrayBuffer(), {
      httpMetadata: {
        contentType: object.httpMetadata?.contentType ?? "image/jpeg",
        cacheControl: "public, max-age=31536000, immutable",
      },
    });
  }
}

// Whole last two days, as a box keeps them, and the same days a week and a year ago (ADR 017).
type StillScene = { photo: string; condition: string; isDay: boolean };

/** Each demo picture's mean colour, as the box measures it (ingest/frame-stats.ts). */
const sceneColours: Record<string, number> = {
  night: 0x0d132e,
  morning: 0x6b7d92,
  noon: 0x336da7,
  sunset: 0x603a4d,
  storm: 0x434c54,
};

function sceneAt(hour: number, dayIndex: number): StillScene {
  if (hour < 6 || hour >= 21) return { photo: "night", condition: "clear_sky", isDay: false };
  if (hour < 10) return { photo: "morning", condition: "few_clouds", isDay: true };
  if (hour >= 17) return { photo: "sunset", condition: "scattered_clouds", isDay: true };
  // One afternoon a storm passes.
  if (dayIndex === 1 && hour >= 14)
    return { photo: "storm", condition: "thunderstorm", isDay: true };
  return { photo: "noon", condition: "clear_sky", isDay: true };
}

/** A demo photo's 2560 px web version and its tile sheet (make-demo-media.sh), as an upload keeps them. */
function demoWebVersion(medium: string) {
  const [webName, tilesName] = ["-web.jpg", "-tiles.bin"].map((end) =>
    medium.replace(/\.jpg$/, end),
  );
  const web = readFileSync(new URL(webName ?? "", folder));
  const tiles = readFileSync(new URL(tilesName ?? "", folder));
  const { offsets } = joinTiles(splitJpegs(tiles));
  const [fileKey, tilesKey] = [keyFor(web, "web.jpg"), keyFor(tiles, "tiles.jpg")];
  const put = (key: string, body: Buffer) => (bucket: R2Bucket) =>
    bucket.put(key, body, { httpMetadata: { contentType: "image/jpeg" } });
  return {
    fileKey,
    tilesKey,
    byteSize: web.length,
    index: { width: 2560, height: 1440, tile: TILE_SIZE, offsets } satisfies TileSheetIndex,
    puts: [put(fileKey, web), put(tilesKey, tiles)],
  };
}

/** The demo sunset's large version and tile sheet (make-demo-media.sh), under the still's keys. */
function demoZoom(key: (version: string) => string) {
  const large = readFileSync(new URL("sunset-large.jpg", folder));
  const tiles = readFileSync(new URL("sunset-tiles.bin", folder));
  const { offsets } = joinTiles(splitJpegs(tiles));
  const index: TileSheetIndex = { width: 3840, height: 2160, tile: TILE_SIZE, offsets };
  const [largeKey, tilesKey] = [key("-large"), key("-tiles")];
  const put = (name: string, body: Buffer, contentType: string) => (bucket: R2Bucket) =>
    bucket.put(name, body, { httpMetadata: { contentType } });
  return {
    largeKey,
    tilesKey,
    index,
    puts: [put(largeKey, large, "image/jpeg"), put(tilesKey, tiles, "application/octet-stream")],
  };
}

async function seedDemoStills(env: { DB: D1Database; MEDIA: R2Bucket }): Promise<void> {
  const { results } = await env.DB.prepare("select count(*) as n from stills").all<{ n: number }>();
  if ((results[0]?.n ?? 0) > 0) return;
  const newest = Date.now() - (Date.now() % STILL_SLOT_MS);
  const slots: { slot: number; bestOf: boolean }[] = [];
  const firstSlot = `${addDays(lakeDate(newest), -2)}T00:00`;
  for (let slot = newest; lakeWallClock(slot) >= firstSlot; slot -= STILL_SLOT_MS) {
    slots.push({ slot, bestOf: false });
  }
  // The archive's journey steps back a day, then a year: 367 days across a 29 February.
  for (const daysAgo of [7, 8, 365, 366, 367]) {
    for (let i = 0; i < 48; i++) {
      slots.push({
        slot: newest - daysAgo * DAY_MS - i * 3 * STILL_SLOT_MS,
        bestOf: daysAgo > 300,
      });
    }
  }
  // Yesterday's sunset at 19:00 is a day's pick from a 4K camera, zoomed from its tiles (ADR 032).
  const zoomedAt = `${addDays(lakeDate(newest), -1)}T19:00`;
  const pictures = new Map<string, Buffer>();
  const statements: D1PreparedStatement[] = [];
  const archived: { id: string; wallClock: string }[] = [];
  const puts: (() => Promise<unknown>)[] = [];
  for (const [index, { slot, bestOf }] of slots.entries()) {
    const wallClock = lakeWallClock(slot);
    const hour = Number(wallClock.slice(11, 13));
    const scene = sceneAt(hour, Math.floor((newest - slot) / DAY_MS));
    const picture = (name: string) => {
      const bytes = pictures.get(name) ?? readFileSync(new URL(`${name}.jpg`, folder));
      pictures.set(name, bytes);
      return bytes;
    };
    const bytes = picture(scene.photo);
    const key = (version: string) =>
      `stills/${createHash("sha256").update(`demo-still-${slot}${version}`).digest("hex")}.jpg`;
    // No medium version: the demo pictures are 1280 px wide, its size (STILL_VERSIONS).
    const [fileKey, thumbnailKey, smallKey, cardKey] = [
      key(""),
      key("-thumb"),
      key("-small"),
      key("-card"),
    ];
    puts.push(
      ...(
        [
          [fileKey, bytes],
          [thumbnailKey, picture(`${scene.photo}-thumb`)],
          [smallKey, picture(`${scene.photo}-small`)],
          [cardKey, picture(`${scene.photo}-card`)],
        ] as const
      ).map(
        ([key, jpeg]) =>
          () =>
            env.MEDIA.put(key, jpeg, { httpMetadata: { contentType: "image/jpeg" } }),
      ),
    );
    const weather = {
      condition: scene.condition,
      isDay: scene.isDay,
      temperature: Math.round(11 + 6 * Math.sin(((hour - 9) / 24) * 2 * Math.PI)),
      windSpeed: 4 + (index % 9),
      waterTemperature: 14.5,
    };
    const id = crypto.randomUUID();
    archived.push({ id, wallClock });
    const zoom = wallClock === zoomedAt ? demoZoom(key) : null;
    if (zoom) puts.push(...zoom.puts.map((put) => () => put(env.MEDIA)));
    statements.push(
      env.DB.prepare(
        `insert into stills (id, slot, day, taken_at, file_key, thumbnail_key, small_key, card_key,
        byte_size, width, height, weather, best_of, created_at, colour, large_key, tiles_key, zoom)
        values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).bind(
        id,
        slot,
        wallClock.slice(0, 10),
        slot + 20_000,
        fileKey,
        thumbnailKey,
        smallKey,
        cardKey,
        bytes.length,
        1280,
        720,
        JSON.stringify(weather),
        bestOf ? 1 : 0,
        slot + 30_000,
        sceneColours[scene.photo] ?? null,
        zoom?.largeKey ?? null,
        zoom?.tilesKey ?? null,
        zoom ? JSON.stringify(zoom.index) : null,
      ),
    );
  }
  // A few at a time: two thousand at once through the local proxy closed its socket on a busy machine.
  for (let start = 0; start < puts.length; start += 24) {
    await Promise.all(puts.slice(start, start + 24).map((put) => put()));
  }
  await env.DB.batch([...statements, ...demoDayPicks(env.DB, archived, lakeDate(newest))]);
  const db = drizzle(env.DB, { schema });
  const days = new Set(slots.map(({ slot }) => lakeDate(slot)));
  const [first, ...rest] = [...days].flatMap((day) => rebuildDayStrip(db, day));
  if (first) await db.batch([first, ...rest]);
  console.log(`seed: added ${slots.length} demo stills to the archive`);
}

/** The box's scores for the demo's days, newest first; a sunset under 30 is none (ADR 026). */
const demoScores = [
  { sunset: 64, best: 88 },
  { sunset: 86, best: 92 },
  { sunset: 36, best: 74 },
  { sunset: 78, best: 81 },
  { sunset: null, best: 69 },
];

/** The alt text and line the description model wrote for yesterday's sunset (ADR 029). */
const demoSunsetTexts: StillTexts = {
  de: {
    alt: "Sonnenuntergang am Gardasee vom Hafen von Torri del Benaco: orangefarbener Himmel über den Hügeln des Westufers",
    line: "Die Sonne versinkt hinter den Hügeln am Westufer, und der See leuchtet orange.",
  },
  en: {
    alt: "Sunset on Lake Garda from the harbour of Torri del Benaco: an orange sky above the hills of the western shore",
    line: "The sun goes down behind the hills of the western shore and the lake glows orange.",
  },
  it: {
    alt: "Tramonto sul Lago di Garda dal porto di Torri del Benaco: cielo arancione sopra le colline della sponda occidentale",
    line: "Il sole scende dietro le colline della sponda occidentale e il lago si accende d'arancione.",
  },
  fr: {
    alt: "Coucher de soleil sur le lac de Garde depuis le port de Torri del Benaco : ciel orange au-dessus des collines de la rive ouest",
    line: "Le soleil se couche derrière les collines de la rive ouest et le lac prend des reflets orangés.",
  },
  es: {
    alt: "Atardecer en el lago de Garda desde el puerto de Torri del Benaco: cielo naranja sobre las colinas de la orilla occidental",
    line: "El sol se pone tras las colinas de la orilla occidental y el lago brilla de color naranja.",
  },
};

/** Each past day's sunset (17–21 h, nearest 18:30) and best still (10–14 h, nearest noon), as the box proposes them. */
function demoDayPicks(
  db: D1Database,
  archived: { id: string; wallClock: string }[],
  today: string,
): D1PreparedStatement[] {
  const nearest = (day: string, from: string, to: string, aim: string) =>
    archived
      .filter(({ wallClock }) => wallClock.startsWith(day))
      .map(({ id, wallClock }) => ({ id, time: wallClock.slice(11, 16) }))
      .filter(({ time }) => time >= from && time < to)
      .sort((a, b) => minutesApart(a.time, aim) - minutesApart(b.time, aim))[0]?.id;
  const days = [...new Set(archived.map(({ wallClock }) => wallClock.slice(0, 10)))]
    .filter((day) => day < today)
    .sort()
    .reverse();
  return days.flatMap((day, index) => {
    const scores = demoScores[index % demoScores.length];
    const best = nearest(day, "10:00", "14:00", "12:00");
    const sunset = scores?.sunset ? nearest(day, "17:00", "21:00", "18:30") : undefined;
    if (!scores || !best) return [];
    const pick = db
      .prepare(
        `insert into day_picks (day, sunset_id, sunset_by, sunset_score, best_id, best_by, best_score)
        values (?, ?, ?, ?, ?, 'box', ?)`,
      )
      .bind(
        day,
        sunset ?? null,
        sunset ? "box" : null,
        sunset ? scores.sunset : null,
        best,
        scores.best,
      );
    // Yesterday's sunset carries a machine-written description, as the cron leaves it.
    const described =
      index === 0 && sunset
        ? [
            db
              .prepare("update stills set texts = ?, texts_by = 'machine' where id = ?")
              .bind(JSON.stringify(demoSunsetTexts), sunset),
          ]
        : [];
    return [pick, ...described];
  });
}

const minutesApart = (a: string, b: string) => {
  const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  return Math.abs(minutes(a) - minutes(b));
};
