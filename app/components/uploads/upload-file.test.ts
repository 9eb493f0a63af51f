import { expect, test } from "vitest";
import { failReasonOf } from "./upload-file.ts";

const refusal = (code: string) => Response.json({ error: { code, message: "…" } }, { status: 422 });

test("the server's refusals are named by their code, an unknown one as a refusal all the same", async () => {
  expect(await failReasonOf(refusal("unsupported_content"))).toBe("not_media");
  expect(await failReasonOf(refusal("not_whole"))).toBe("not_whole");
  expect(await failReasonOf(refusal("location_data"))).toBe("location_data");
  expect(await failReasonOf(refusal("something_new"))).toBe("refused");
  expect(await failReasonOf(new Response("<html>", { status: 422 }))).toBe("refused");
});

test("a file too large is refused; a failing server or connection is worth another try", async () => {
  expect(await failReasonOf(Response.json({}, { status: 413 }))).toBe("too_large");
  expect(await failReasonOf(new Response(null, { status: 500 }))).toBe("failed");
  expect(await failReasonOf(new Response(null, { status: 409 }))).toBe("failed");
});
