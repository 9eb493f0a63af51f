import { env } from "cloudflare:workers";
import { getDb } from "#app/.server/db/client.ts";
import { media } from "#app/.server/db/schema.ts";
import { jpeg, movie } from "./media-bytes.ts";

type NewMedia = typeof media.$inferInsert;
let counter = 0;

async function sha256(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

export function fakeBytes(size = 1024): Uint8Array<ArrayBuffer> {
  counter += 1;
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + counter) % 256;
  return bytes;
}

export async function createMedia(
  overrides: Partial<NewMedia> & { fileBytes?: Uint8Array<ArrayBuffer> } = {},
): Promise<NewMedia & { fileBytes: Uint8Array<ArrayBuffer> }> {
  counter += 1;
  const { fileBytes = fakeBytes(), ...fields } = overrides;
  const type = fields.type ?? "image";
  const extension = type === "image" ? "jpg" : "mp4";
  const fileKey = `media/${await sha256(fileBytes)}.${extension}`;
  const thumbBytes = fakeBytes(256);
  const thumbnailKey = `media/${await sha256(thumbBytes)}.jpg`;
  await env.MEDIA.put(fileKey, fileBytes);
  await env.MEDIA.put(thumbnailKey, thumbBytes);
  const row: NewMedia = {
    id: `item${String(counter).padStart(4, "0")}`,
    type,
    titleEn: `Item ${counter}`,
    status: "published",
    takenAt: new Date(Date.UTC(2025, 5, 1) + counter * 3_600_000),
    createdAt: new Date(),
    fileKey,
    thumbnailKey,
    contentType: type === "image" ? "image/jpeg" : "video/mp4",
    byteSize: fileBytes.length,
    width: 1280,
    height: 720,
    durationSeconds: type === "image" ? null : 10,
    ...fields,
  };
  await getDb(env.DB).insert(media).values(row);
  if (row.status === "published") {
    // As publishing leaves it: the visitor's versions in the public bucket too.
    const immutable = "public, max-age=31536000, immutable";
    await env.PUBLIC_MEDIA.put(fileKey, fileBytes, {
      httpMetadata: { contentType: row.contentType, cacheControl: immutable },
    });
    await env.PUBLIC_MEDIA.put(thumbnailKey, thumbBytes, {
      httpMetadata: { contentType: "image/jpeg", cacheControl: immutable },
    });
  }
  return { ...row, fileBytes };
}

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

/** A whole file of `size` bytes as the server checks it: a JPEG, an MP4 (test/media-bytes.ts), or HTML. */
export function fileBytes(size: number, kind: "jpeg" | "mp4" | "html"): Uint8Array<ArrayBuffer> {
  if (kind === "jpeg") return jpeg({ bytes: size });
  if (kind === "mp4") return movie({ size });
  const bytes = new Uint8Array(size).fill(0x42);
  bytes.set(ascii("<!doctype html>"));
  return bytes;
}
