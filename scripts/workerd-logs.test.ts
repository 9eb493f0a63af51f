import { expect, test } from "vitest";
import { isStackDump } from "./workerd-logs.ts";

const bin = "/work/node_modules/@cloudflare/workerd-linux-64/bin/workerd";

test("workerd's native stack dumps are recognised, other messages are not", () => {
  // As workerd printed it offline for a weather source (shortened).
  const dump = `e = rust/cxx/kj-rs-io/ffi.rs:198: failed: getaddrinfo(): DNS lookup failed. host = laghi.net; service = (none)
stack: ${bin}@59d9520 ${bin}@2fc5760 ${bin}@5802a20 ${bin}@5804460; sentryErrorContext = jsgInternalError; wdErrId = pu09br8kgtfhi4if8mg2efv1`;
  expect(isStackDump(dump)).toBe(true);
  expect(
    isStackDump(
      "NOSENTRY reporting trace with exceptions, but no exception outcome; trace->eventInfo = FetchEventInfo: GET, http://localhost:5173/en",
    ),
  ).toBe(true);

  expect(
    isStackDump(
      "weather: weather refresh failed, keeping the last good value: open-meteo: HTTP 500",
    ),
  ).toBe(false);
  expect(
    isStackDump(`worker: unhandled error TypeError: x is undefined
    at render (/work/app/routes/home.tsx:12:3)
    at async handle (/work/workers/app.ts:40:5)`),
  ).toBe(false);
});
