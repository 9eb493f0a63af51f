import { expect, test } from "vitest";
import { createMedia, fakeBytes } from "./factories.ts";
import { usage, visit } from "./helpers.ts";

test("a page render reports the D1 rows it read and writes none", async () => {
  await createMedia({ type: "image" });
  const counted = await usage(await visit("/en/gallery"));
  expect(counted.rowsRead).toBeGreaterThan(0);
  expect(counted).toMatchObject({ rowsWritten: 0, objectCalls: 0, r2ClassA: 0, r2ClassB: 0 });
});

test("a like reports the rows it wrote", async () => {
  const item = await createMedia({ type: "image" });
  const headers = { "CF-Connecting-IP": "198.51.100.77" };
  const counted = await usage(
    await visit(`/api/media/${item.id}/like`, { method: "POST", headers }),
  );
  expect(counted.rowsWritten).toBeGreaterThan(0);
});

test("a file read is one R2 class B operation, the stream status one Durable Object request", async () => {
  const item = await createMedia({ type: "video", fileBytes: fakeBytes(1000) });
  expect(await usage(await visit(`/api/files/${item.fileKey}`))).toMatchObject({
    r2ClassA: 0,
    r2ClassB: 1,
  });
  expect((await usage(await visit("/api/stream/status"))).objectCalls).toBe(1);
});
