import { execFileSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, writeFileSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { SHARE_CARD } from "#protocol/share-card.ts";
import { MAX_SHEET_BYTES_PER_PIXEL, TILE_SIZE, type TileSheetIndex } from "#protocol/tile-sheet.ts";
import { pictureSize } from "#test/support/box-picture-size.ts";
import { logIn } from "./admin.ts";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";
import { row, smallPhoto } from "./uploads.ts";

const MiB = 1024 * 1024;
const dir = mkdtempSync(join(tmpdir(), "upload-journey-"));

/** A JPEG with an EXIF GPS position (latitude 45° 36′ N) in an APP1 segment after SOI. */
/** A JPEG's width, from the baseline frame header the browser's encoder writes. */
function jpegWidth(jpeg: Buffer): number {
  return jpeg.readUInt16BE(jpeg.indexOf(Buffer.from([0xff, 0xc0])) + 7);
}

function photoWithGps(): string {
  const path = join(dir, "Tramonto a Malcesine.jpg");
  execFileSync("ffmpeg", [
    "-v",
    "error",
    "-y",
    "-f",
    "lavfi",
    "-i",
    "testsrc2=size=3200x2400",
    "-frames:v",
    "1",
    path,
  ]);
  const tiff = Buffer.alloc(80);
  tiff.write("MM\0*", 0, "latin1");
  tiff.writeUInt32BE(8, 4); // IFD0
  tiff.writeUInt16BE(1, 8);
  tiff.writeUInt16BE(0x8825, 10); // GPSInfo → the GPS IFD at 26
  tiff.writeUInt16BE(4, 12);
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt32BE(26, 18);
  tiff.writeUInt16BE(2, 26);
  tiff.writeUInt16BE(1, 28); // GPSLatitudeRef "N"
  tiff.writeUInt16BE(2, 30);
  tiff.writeUInt32BE(2, 32);
  tiff.write("N", 36, "latin1");
  tiff.writeUInt16BE(2, 40); // GPSLatitude, three rationals at 56
  tiff.writeUInt16BE(5, 42);
  tiff.writeUInt32BE(3, 44);
  tiff.writeUInt32BE(56, 48);
  for (const [i, [n, d]] of [
    [45, 1],
    [36, 1],
    [6012, 100],
  ].entries()) {
    tiff.writeUInt32BE(n ?? 0, 56 + i * 8);
    tiff.writeUInt32BE(d ?? 1, 60 + i * 8);
  }
  const exif = Buffer.concat([Buffer.from("Exif\0\0", "latin1"), tiff]);
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1]), Buffer.alloc(2), exif]);
  app1.writeUInt16BE(exif.length + 2, 2);
  const jpeg = readFileSync(path);
  writeFileSync(path, Buffer.concat([jpeg.subarray(0, 2), app1, jpeg.subarray(2)]));
  return path;
}

/** A short H.264 test film, as `name` in the journey's folder; `args` go before the output. */
function film(name: string, size: string, seconds: number, args: string[] = []): string {
  const path = join(dir, name);
  execFileSync("ffmpeg", [
    ...["-v", "error", "-y", "-f", "lavfi", "-i", `testsrc2=size=${size}:rate=25`],
    ...["-t", String(seconds), "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p"],
    ...args,
    path,
  ]);
  return path;
}

/** A `free` box brings a short ffmpeg clip to 150 MB, so the upload takes many parts. */
function bigVideo(): string {
  const path = film("Porto di Torri.mp4", "640x360", 2, [
    ...["-movflags", "+faststart+use_metadata_tags", "-metadata", "location=+45.6167+010.6833/"],
  ]);
  const padding = 150 * 1000 * 1000 - readFileSync(path).length;
  const file = openSync(path, "a");
  const header = Buffer.alloc(8);
  header.writeUInt32BE(padding, 0);
  header.write("free", 4, "latin1");
  writeSync(file, header);
  const chunk = Buffer.alloc(MiB);
  for (let left = padding - 8; left > 0; left -= chunk.length) {
    writeSync(file, chunk, 0, Math.min(left, chunk.length));
  }
  closeSync(file);
  return path;
}

const progressOf = (page: Page, name: string) =>
  page.getByRole("progressbar", { name: `Fortschritt beim Hochladen von ${name}` });

test("the owner uploads a photo and a large video, resumes it after closing the tab, and a fake photo is refused", async ({
  strictPage: page,
}) => {
  // Two ffmpeg runs, 150 MB through the local Worker twice and an axe run on two busy cores.
  test.setTimeout(300_000);
  const photo = photoWithGps();
  const video = bigVideo();
  expect(readFileSync(photo).includes("Exif")).toBe(true);
  await logIn(page, "/admin");
  const picker = page.getByLabel("Dateien auswählen");

  // A photo and a fake one in one batch: the batch is not a success.
  const versions: Record<string, Buffer[]> = { web: [], medium: [], small: [], tiles: [] };
  const completions: unknown[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/complete")) completions.push(request.postDataJSON());
    const version = /\/(web|medium|small|tiles)$/.exec(request.url())?.[1];
    if (request.method() === "PUT" && version) {
      versions[version]?.push(request.postDataBuffer() ?? Buffer.alloc(0));
    }
  });
  await picker.setInputFiles([
    { name: "Tramonto a Malcesine.jpg", mimeType: "image/jpeg", buffer: readFileSync(photo) },
    { name: "fake.jpg", mimeType: "image/jpeg", buffer: Buffer.from("<!doctype html><p>no photo") },
  ]);
  await expect(row(page, "Tramonto a Malcesine.jpg")).toContainText("Hochladen erfolgreich");
  await expect(row(page, "fake.jpg")).toContainText("Hochladen fehlgeschlagen");
  await expect(row(page, "fake.jpg")).toContainText("weder ein JPEG-Foto");
  await expect(page.getByRole("region", { name: "Hochladen" }).getByRole("status")).toHaveText(
    "Hochladen fehlgeschlagen: 1 von 2 Dateien konnten nicht hochgeladen werden.",
  );
  await expect(row(page, "Tramonto a Malcesine.jpg")).toContainText(
    "Als Entwurf gespeichert: Unter „Bearbeiten“ Texte ergänzen und veröffentlichen.",
  );
  // Made in the browser without EXIF: 2560 px for large screens, 1280 and 960 px for phones.
  for (const [version, width] of [
    ["web", 2560],
    ["medium", 1280],
    ["small", 960],
  ] as const) {
    expect(versions[version], version).toHaveLength(1);
    const jpeg = versions[version]?.[0] ?? Buffer.alloc(0);
    expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(jpeg.includes("Exif")).toBe(false);
    expect(jpegWidth(jpeg), version).toBe(width);
  }
  // Its web version in 256-px tiles for zoom, within 0.2 byte a pixel, its index sent on completion:
  // the upload succeeded, so the Worker found every tile a 256×256 JPEG of the web version.
  const [sheet] = versions.tiles ?? [];
  expect(sheet?.length).toBeLessThanOrEqual(MAX_SHEET_BYTES_PER_PIXEL * 2560 * 1920);
  const { zoom } = completions[0] as { zoom: TileSheetIndex };
  expect(zoom).toMatchObject({ width: 2560, height: 1920, tile: TILE_SIZE });
  expect(zoom.offsets).toHaveLength(10 * 8 + 1);
  expect(zoom.offsets.at(-1)).toBe(sheet?.length);
  expect(pictureSize(sheet?.subarray(0, zoom.offsets[1]) ?? Buffer.alloc(0))).toBe("256,256");
  test.info().annotations.push({ type: "tile sheet bytes", description: String(sheet?.length) });
  const preview = row(page, "Tramonto a Malcesine.jpg").locator("img");
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);

  // The draft's texts, type and featured flag are set from its upload row (spec §2).
  const edit = row(page, "Tramonto a Malcesine.jpg").getByRole("button", {
    name: "„Tramonto a Malcesine.jpg“ bearbeiten",
  });
  await edit.click();
  const editor = page.getByRole("dialog");
  await editor.getByRole("tab", { name: "English" }).click();
  const title = `Sunset at Malcesine ${Date.now().toString(36)}`;
  await editor.getByLabel("Titel").fill(title);
  await editor.getByLabel("Hervorgehoben").check();
  await editor.getByRole("button", { name: "Speichern" }).click();
  await expect(
    page.getByRole("region", { name: /Benachrichtigungen/ }).getByText("Erfolgreich aktualisiert"),
  ).toBeVisible();
  await expect(editor).toHaveCount(0);
  await expect(edit).toBeFocused();
  await page.getByLabel("Inhalte durchsuchen").fill(title);
  const item = page.getByRole("region", { name: "Inhalte" }).getByRole("listitem");
  await expect(item).toHaveCount(1);
  await expect(item).toContainText("Entwurf");
  await expect(item).toContainText("Hervorgehoben");

  await picker.setInputFiles(video);
  const progress = progressOf(page, "Porto di Torri.mp4");
  await expect(row(page, "Porto di Torri.mp4")).toContainText("Standort entfernt.");
  const openUpload = async () => {
    const answer = await page.request.get("/api/admin/uploads");
    const { uploads } = (await answer.json()) as {
      uploads: Array<{ fileName: string; doneParts: number[] }>;
    };
    return uploads.find((upload) => upload.fileName === "Porto di Torri.mp4");
  };
  await expect(async () => {
    expect(Number(await progress.getAttribute("aria-valuenow"))).toBeGreaterThan(0);
    expect((await openUpload())?.doneParts.length).toBeGreaterThanOrEqual(3);
  }).toPass({ timeout: 120_000 });
  await expect(progress).toHaveAttribute("aria-valuetext", /von 150 MB/);
  await page.goto("about:blank");

  await page.goto("/admin");
  await expect(page.getByText("Unvollständige Uploads")).toBeVisible();
  // Parts whose bodies had left before the tab went away may have landed since.
  let doneBefore: number[] = [];
  page.on("response", async (response) => {
    if (response.request().method() !== "GET" || !response.url().endsWith("/api/admin/uploads")) {
      return;
    }
    const { uploads } = (await response.json()) as {
      uploads: Array<{ fileName: string; doneParts: number[] }>;
    };
    doneBefore = uploads.find((u) => u.fileName === "Porto di Torri.mp4")?.doneParts ?? [];
  });
  const sentParts: number[] = [];
  page.on("request", (request) => {
    const part = /\/parts\/(\d+)$/.exec(request.url());
    if (request.method() === "PUT" && part) sentParts.push(Number(part[1]));
  });
  await picker.setInputFiles(video);
  await expect(row(page, "Porto di Torri.mp4")).toContainText("Dort fortgesetzt");
  await expect(row(page, "Porto di Torri.mp4")).toContainText("Hochladen erfolgreich", {
    timeout: 120_000,
  });
  await expect(page.getByRole("region", { name: "Hochladen" }).getByRole("status")).toHaveText(
    "Hochladen erfolgreich",
  );
  expect(doneBefore.length).toBeGreaterThanOrEqual(3);
  expect(doneBefore.length).toBeLessThan(15);
  const missing = Array.from({ length: 15 }, (_, i) => i + 1).filter(
    (n) => !doneBefore.includes(n),
  );
  expect([...new Set(sentParts)].sort((a, b) => a - b)).toEqual(missing);
  await expect(page.getByText("Unvollständige Uploads")).toBeHidden();

  await expectNoAxeViolations(page);
});

test("the owner cancels an upload, which the server forgets, and retries it", async ({
  strictPage: page,
}) => {
  test.setTimeout(180_000);
  const video = bigVideo();
  await logIn(page, "/admin");
  await page.getByLabel("Dateien auswählen").setInputFiles(video);
  const progress = progressOf(page, "Porto di Torri.mp4");
  await expect(async () => {
    expect(Number(await progress.getAttribute("aria-valuenow"))).toBeGreaterThan(0);
  }).toPass({ timeout: 60_000 });
  await page.getByRole("button", { name: "Hochladen von Porto di Torri.mp4 abbrechen" }).click();
  await expect(row(page, "Porto di Torri.mp4")).toContainText("Abgebrochen");
  await expect(async () => {
    const { uploads } = (await (await page.request.get("/api/admin/uploads")).json()) as {
      uploads: unknown[];
    };
    expect(uploads).toEqual([]);
  }).toPass();

  await page
    .getByRole("button", { name: "Hochladen von Porto di Torri.mp4 erneut versuchen" })
    .click();
  await expect(row(page, "Porto di Torri.mp4")).toContainText("Hochladen erfolgreich", {
    timeout: 120_000,
  });
  await expect(page.getByRole("region", { name: "Hochladen" }).getByRole("status")).toHaveText(
    "Hochladen erfolgreich",
  );
});

test("a MOV the browser cannot play is accepted with a warning and a plain poster", async ({
  strictPage: page,
}) => {
  // ProRes: ffmpeg writes it, Chromium does not decode it (like HEVC from phones elsewhere).
  const path = join(dir, "Gardesana.mov");
  execFileSync("ffmpeg", [
    ...["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25", "-t", "1"],
    ...["-c:v", "prores", path],
  ]);
  await logIn(page, "/admin");
  await page.getByLabel("Dateien auswählen").setInputFiles(path);
  const added = row(page, "Gardesana.mov");
  await expect(added).toContainText("Hochladen erfolgreich", { timeout: 60_000 });
  await expect(added).toContainText("Es läuft womöglich nicht in jedem Browser.");
  await expect
    .poll(() => added.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(320);
});

/** A photo of a few kB, as a phone's screenshot or a small export would be. */

/** A real film whose `ftyp` names it sound (M4A): the browser reads it, the server refuses it. */
function soundBrandedFilm(): string {
  const path = film("Sound of the lake.mp4", "320x240", 1);
  const bytes = readFileSync(path);
  bytes.write("M4A ", 8, "latin1");
  writeFileSync(path, bytes);
  return path;
}

/** A film with its `moov` first, cut short: the browser reads its size; it is not whole. */
function cutShortFilm(): string {
  const path = film("Hafen abgeschnitten.mp4", "320x240", 2, ["-movflags", "+faststart"]);
  const bytes = readFileSync(path);
  writeFileSync(path, bytes.subarray(0, bytes.length - 2000));
  return path;
}

test("a photo of sensor noise and a film each get a share card of 1200×630 within 200 kB", async ({
  strictPage: page,
}) => {
  test.setTimeout(120_000);
  // The hardest picture for JPEG: the browser's first quality makes it too large, so it goes coarser.
  const noise = join(dir, "Rauschen.jpg");
  execFileSync("ffmpeg", [
    ...["-v", "error", "-y", "-f", "lavfi", "-i", "nullsrc=s=3000x2000,geq=random(1)*255:128:128"],
    ...["-frames:v", "1", "-q:v", "3", noise],
  ]);
  const clip = film("Boote.mp4", "640x360", 2, ["-movflags", "+faststart"]);
  const cards: Buffer[] = [];
  page.on("request", (request) => {
    if (request.method() === "PUT" && request.url().endsWith("/card")) {
      cards.push(request.postDataBuffer() ?? Buffer.alloc(0));
    }
  });
  await logIn(page, "/admin");
  await page.getByLabel("Dateien auswählen").setInputFiles([noise, clip]);
  // Each of the noise's versions is encoded at up to 6 qualities on a busy host's CPU.
  for (const name of ["Rauschen.jpg", "Boote.mp4"]) {
    await expect(row(page, name)).toContainText("Hochladen erfolgreich", { timeout: 60_000 });
  }
  expect(cards).toHaveLength(2);
  for (const card of cards) {
    expect(pictureSize(card)).toBe("1200,630");
    expect(card.length).toBeLessThanOrEqual(SHARE_CARD.maxBytes);
  }
});

test.describe("refused files", () => {
  test.use({ expectedStatuses: [422] });

  test("say why they were refused and offer Remove, not a Retry that would fail again; a small photo's size reads in kB", async ({
    strictPage: page,
  }) => {
    const photo = smallPhoto();
    const kilobytes = Math.round(readFileSync(photo).length / 1000);
    await logIn(page, "/admin");
    // Named .png: the Upload tab refuses it by its name, before anything is sent.
    const png = join(dir, "Hafen.png");
    writeFileSync(png, Buffer.from("\x89PNG\r\n\x1a\n", "latin1"));
    // The films go all the way: the server's checks are what refuse them, each with its code.
    const codes: string[] = [];
    page.on("response", async (response) => {
      if (response.url().endsWith("/complete") && response.status() === 422) {
        codes.push(((await response.json()) as { error: { code: string } }).error.code);
      }
    });
    await page
      .getByLabel("Dateien auswählen")
      .setInputFiles([photo, png, soundBrandedFilm(), cutShortFilm()]);
    await expect.poll(() => codes.toSorted()).toEqual(["not_whole", "unsupported_content"]);
    const refused = [
      ["Hafen.png", "Nur JPG-, JPEG-, MP4- und MOV-Dateien können hochgeladen werden."],
      ["Sound of the lake.mp4", "Die Datei ist weder ein JPEG-Foto noch ein MP4- oder MOV-Video."],
      [
        "Hafen abgeschnitten.mp4",
        "Die Datei ist unvollständig: Ein Teil fehlt oder ist beschädigt.",
      ],
    ] as const;
    for (const [name, reason] of refused) {
      await expect(row(page, name)).toContainText("Hochladen fehlgeschlagen");
      await expect(row(page, name)).toContainText(reason);
      await expect(row(page, name).getByRole("button", { name: /erneut versuchen/ })).toHaveCount(
        0,
      );
    }
    await expect(row(page, "Punta San Vigilio.jpg")).toContainText("Hochladen erfolgreich");
    await expect(progressOf(page, "Punta San Vigilio.jpg")).toHaveAttribute(
      "aria-valuetext",
      `${kilobytes} kB von ${kilobytes} kB`,
    );
    await expectNoAxeViolations(page);

    // Removed, a row hands the keyboard's place to the next row's button, else the previous one's.
    await page.getByRole("button", { name: "Hafen.png aus der Liste entfernen" }).click();
    await expect(row(page, "Hafen.png")).toHaveCount(0);
    const removeFilm = page.getByRole("button", {
      name: "Sound of the lake.mp4 aus der Liste entfernen",
    });
    await expect(removeFilm).toBeFocused();
    await removeFilm.press("Enter");
    await expect(row(page, "Sound of the lake.mp4")).toHaveCount(0);
    const removeCut = page.getByRole("button", {
      name: "Hafen abgeschnitten.mp4 aus der Liste entfernen",
    });
    await expect(removeCut).toBeFocused();
    await removeCut.press("Enter");
    await expect(row(page, "Hafen abgeschnitten.mp4")).toHaveCount(0);
    await expect(
      page.getByRole("button", { name: "„Punta San Vigilio.jpg“ bearbeiten" }),
    ).toBeFocused();
    await expect(page.getByRole("region", { name: "Hochladen" }).getByRole("status")).toHaveText(
      "Hochladen erfolgreich",
    );
  });
});
