import { describe, expect, test } from "vitest";
import { ADMIN_PASSWORD, LOGIN } from "./admin.ts";
import { ORIGIN, visit } from "./helpers.ts";

function postAdmin(body: BodyInit | null, headers: Record<string, string> = {}) {
  return visit(LOGIN, { method: "POST", body, headers: { Origin: ORIGIN, ...headers } });
}

describe("the admin action's body", () => {
  test.each([
    ["text/plain", "intent=login&password=x", { "Content-Type": "text/plain" }],
    ["JSON", JSON.stringify({ intent: "login" }), { "Content-Type": "application/json" }],
    [
      "broken multipart",
      "--b\r\nContent-Disposition: form-data; name=intent\r\n\r\nlogin",
      { "Content-Type": "multipart/form-data; boundary=b" },
    ],
    ["multipart without a boundary", "intent=login", { "Content-Type": "multipart/form-data" }],
    ["no body at all", null, {}],
  ])("that is not a form (%s) is a 400", async (_, body, headers) => {
    const response = await postAdmin(body, headers);
    expect(response.status).toBe(400);
  });

  test("may be multipart when it is a real form", async () => {
    const form = new FormData();
    form.set("password", ADMIN_PASSWORD);
    expect((await postAdmin(form)).status).toBe(302);
  });

  test("is refused with 413 when its declared length is too large, before anything is read", async () => {
    const size = 95 * 1024 * 1024;
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 65_536;
        controller.enqueue(new Uint8Array(65_536).fill(0x78));
        if (pulled >= size) controller.close();
      },
    });
    const response = await postAdmin(body, {
      "Content-Type": "application/x-www-form-urlencoded",
      "Content-Length": String(size),
    });
    expect(response.status).toBe(413);
    expect(pulled).toBeLessThan(1024 * 1024);
  });

  test("is refused with 413 while it streams in, when it declares no length", async () => {
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 65_536;
        controller.enqueue(new Uint8Array(65_536).fill(0x78));
        if (sent >= 95 * 1024 * 1024) controller.close();
      },
    });
    const response = await postAdmin(body, {
      "Content-Type": "application/x-www-form-urlencoded",
    });
    expect(response.status).toBe(413);
    // It stopped reading at the limit instead of taking in 95 MB.
    expect(sent).toBeLessThan(1024 * 1024);
  });
});
