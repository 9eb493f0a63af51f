import { describe, expect, test } from "vitest";
import * as z from "zod/mini";
import { readAnswer } from "./read-answer.ts";

const likes = z.object({ likes: z.int() });
const json = (body: unknown, status = 200) => Response.json(body, { status });

describe("readAnswer", () => {
  test("gives the answer as its schema reads it", async () => {
    expect(await readAnswer(json({ likes: 3 }), likes)).toEqual({ ok: true, value: { likes: 3 } });
  });

  test("refuses an answer its schema does not read, as a failure without a code", async () => {
    for (const response of [json({ likes: "3" }), new Response("<html>", { status: 200 })]) {
      expect(await readAnswer(response, likes)).toEqual({ ok: false, status: 200, code: null });
    }
  });

  test("names the API's refusal by its code, and any other failure by its status", async () => {
    const refusal = json({ error: { code: "too_many", message: "More than 5000" } }, 422);
    expect(await readAnswer(refusal, likes)).toEqual({ ok: false, status: 422, code: "too_many" });
    const gateway = new Response("Bad Gateway", { status: 502 });
    expect(await readAnswer(gateway, likes)).toEqual({ ok: false, status: 502, code: null });
  });
});
