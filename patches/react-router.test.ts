// @vitest-environment node
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";
import { afterEach, expect, test } from "vitest";

// React Router decodes a data request's answer as soon as its first line arrives, then reads
// on. A navigation that starts meanwhile (a visitor clicks a link while the page revalidates
// after a form was sent) aborts that read: unpatched, each abort left two unhandled
// rejections, which the browser reports as errors.

let stop = () => {};
afterEach(() => stop());

/** An answer whose first line arrives and whose end does not, as on a slow connection. */
async function answerThatStalls() {
  const server = createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": "text/x-script" });
    response.write(`${JSON.stringify([{ _1: 2 }, "sent", true])}\n`);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  stop = () => server.closeAllConnections();
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/contact.data`;
}

test("a data request aborted after its first line leaves no unhandled rejection", async () => {
  const unhandled: unknown[] = [];
  const record = (reason: unknown) => unhandled.push(reason);
  process.on("unhandledRejection", record);
  try {
    const navigation = new AbortController();
    const response = await fetch(await answerThatStalls(), { signal: navigation.signal });
    const decoded = await decodeViaTurboStream(response.body as ReadableStream, globalThis);
    expect(decoded.value).toEqual({ sent: true });

    // React Router's client takes the value and never waits for `done`.
    navigation.abort();
    // A rejection is reported as unhandled after the microtasks that could have handled it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(unhandled).toEqual([]);
  } finally {
    process.off("unhandledRejection", record);
  }
});
