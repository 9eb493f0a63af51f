import { describe, expect, test } from "vitest";
import { createMedia, fakeBytes } from "./factories.ts";
import { visit } from "./helpers.ts";

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

  test("answer HEAD with the file's headers and no body", async () => {
    const item = await createMedia({ type: "video", fileBytes: fakeBytes(4_000) });
    const response = await visit(`/api/files/${item.fileKey}`, { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("video/mp4");
    expect(response.headers.get("Content-Length")).toBe("4000");
    expect(response.headers.get("ETag")).toMatch(/^"[0-9a-f]+"$/);
    expect(await response.text()).toBe("");
  });
});

describe("conditional requests for media files", () => {
  async function stored() {
    const item = await createMedia({ type: "video", fileBytes: fakeBytes(1_000) });
    const url = `/api/files/${item.fileKey}`;
    const first = await visit(url);
    await first.arrayBuffer();
    const etag = first.headers.get("ETag") ?? "";
    const lastModified = first.headers.get("Last-Modified") ?? "";
    return { item, url, etag, lastModified };
  }

  test("an unquoted or otherwise malformed validator is a precondition, never a 500", async () => {
    const { url } = await stored();
    const noneMatch = await visit(url, { headers: { "If-None-Match": "abc" } });
    expect(noneMatch.status).toBe(200);
    const match = await visit(url, { headers: { "If-Match": "abc" } });
    expect(match.status).toBe(412);
    expect(await match.json()).toEqual({
      error: { code: "precondition_failed", message: expect.any(String) },
    });
    const dates = await visit(url, {
      headers: { "If-Modified-Since": "someday", "If-Unmodified-Since": "never" },
    });
    expect(dates.status).toBe(200);
  });

  test("a failed If-Match is 412 for GET and HEAD, a matching one serves the file", async () => {
    const { url, etag, item } = await stored();
    for (const method of ["GET", "HEAD"]) {
      const failed = await visit(url, { method, headers: { "If-Match": `"other", W/${etag}` } });
      expect(failed.status, method).toBe(412);
    }
    const matched = await visit(url, { headers: { "If-Match": `"other", ${etag}` } });
    expect(matched.status).toBe(200);
    expect(new Uint8Array(await matched.arrayBuffer())).toEqual(item.fileBytes);
    const any = await visit(url, { headers: { "If-Match": "*" } });
    expect(any.status).toBe(200);
    await any.arrayBuffer();
  });

  test("If-None-Match compares weakly and takes lists and *: 304 for GET and HEAD", async () => {
    const { url, etag } = await stored();
    for (const method of ["GET", "HEAD"]) {
      for (const value of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
        const response = await visit(url, { method, headers: { "If-None-Match": value } });
        expect(response.status, `${method} ${value}`).toBe(304);
        expect(response.headers.get("ETag")).toBe(etag);
        expect(await response.text()).toBe("");
      }
    }
    const other = await visit(url, { headers: { "If-None-Match": '"other"' } });
    expect(other.status).toBe(200);
    await other.arrayBuffer();
  });

  test("If-Modified-Since and If-Unmodified-Since use the file's Last-Modified", async () => {
    const { url, lastModified } = await stored();
    expect(Date.parse(lastModified)).toBeGreaterThan(Date.now() - 60_000);
    const notModified = await visit(url, { headers: { "If-Modified-Since": lastModified } });
    expect(notModified.status).toBe(304);
    const before = new Date(Date.parse(lastModified) - 60_000).toUTCString();
    const changed = await visit(url, { headers: { "If-Unmodified-Since": before } });
    expect(changed.status).toBe(412);
    const modified = await visit(url, { headers: { "If-Modified-Since": before } });
    expect(modified.status).toBe(200);
    await modified.arrayBuffer();
  });

  test("a range is served only while If-Range still names this file", async () => {
    const { url, etag, lastModified, item } = await stored();
    for (const validator of [etag, lastModified]) {
      const part = await visit(url, { headers: { Range: "bytes=0-9", "If-Range": validator } });
      expect(part.status, validator).toBe(206);
      expect(new Uint8Array(await part.arrayBuffer())).toEqual(item.fileBytes.slice(0, 10));
    }
    for (const validator of ['"stale"', `W/${etag}`, "Sun, 06 Nov 1994 08:49:37 GMT"]) {
      const whole = await visit(url, { headers: { Range: "bytes=0-9", "If-Range": validator } });
      expect(whole.status, validator).toBe(200);
      expect((await whole.arrayBuffer()).byteLength).toBe(1_000);
    }
  });

  test("preconditions come before the range: a stale copy is not sent a part", async () => {
    const { url, etag } = await stored();
    const notModified = await visit(url, {
      headers: { Range: "bytes=0-9", "If-None-Match": etag },
    });
    expect(notModified.status).toBe(304);
    const failed = await visit(url, { headers: { Range: "bytes=0-9", "If-Match": '"stale"' } });
    expect(failed.status).toBe(412);
    const head = await visit(url, { method: "HEAD", headers: { Range: "bytes=0-9" } });
    expect([head.status, head.headers.get("Content-Length")]).toEqual([200, "1000"]);
  });
});
