import { describe, expect, test } from "vitest";
import { createMedia, fakeBytes } from "./factories";
import { visit } from "./helpers";

describe("media files", () => {
  test("serve the bytes with type, length, ETag and immutable caching", async () => {
    const item = await createMedia({ type: "video", fileBytes: fakeBytes(10_000) });
    const response = await visit(`/api/files/${item.fileKey}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("video/mp4");
    expect(response.headers.get("Content-Length")).toBe("10000");
    expect(response.headers.get("Accept-Ranges")).toBe("bytes");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(item.fileBytes);
  });

  test("answer byte ranges for seeking", async () => {
    const item = await createMedia({ type: "video", fileBytes: fakeBytes(10_000) });
    const url = `/api/files/${item.fileKey}`;
    const middle = await visit(url, { headers: { Range: "bytes=100-199" } });
    expect(middle.status).toBe(206);
    expect(middle.headers.get("Content-Range")).toBe("bytes 100-199/10000");
    expect(new Uint8Array(await middle.arrayBuffer())).toEqual(item.fileBytes.slice(100, 200));

    const tail = await visit(url, { headers: { Range: "bytes=9000-" } });
    expect(tail.headers.get("Content-Range")).toBe("bytes 9000-9999/10000");
    expect((await tail.arrayBuffer()).byteLength).toBe(1000);

    const suffix = await visit(url, { headers: { Range: "bytes=-10" } });
    expect(suffix.headers.get("Content-Range")).toBe("bytes 9990-9999/10000");
  });

  test("refuse a range outside the file with 416", async () => {
    const item = await createMedia({ fileBytes: fakeBytes(500) });
    const response = await visit(`/api/files/${item.fileKey}`, {
      headers: { Range: "bytes=900-999" },
    });
    expect(response.status).toBe(416);
    expect(response.headers.get("Content-Range")).toBe("bytes */500");
  });

  test("answer a matching If-None-Match with 304 and no body", async () => {
    const item = await createMedia();
    const first = await visit(`/api/files/${item.thumbnailKey}`);
    expect(first.headers.get("Content-Type")).toBe("image/jpeg");
    const etag = first.headers.get("ETag") ?? "";
    const again = await visit(`/api/files/${item.thumbnailKey}`, {
      headers: { "If-None-Match": etag },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });
});
