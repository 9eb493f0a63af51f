// @vitest-environment node
// (happy-dom drops Sec-Fetch-* like a browser would; the Worker sees them.)
import { expect, test } from "vitest";
import { isSameOriginRequest } from "./same-origin.ts";

const request = (method: string, headers: Record<string, string>) =>
  new Request("https://lake.test/api/locale", { method, headers });

test("reads and requests from our own pages pass", () => {
  expect(isSameOriginRequest(request("GET", { "Sec-Fetch-Site": "cross-site" }))).toBe(true);
  expect(isSameOriginRequest(request("POST", { "Sec-Fetch-Site": "same-origin" }))).toBe(true);
  expect(isSameOriginRequest(request("POST", { Origin: "https://lake.test" }))).toBe(true);
  // curl, the camera box: no browser, no visitor's cookies.
  expect(isSameOriginRequest(request("PUT", {}))).toBe(true);
});

test("writes from other sites, or sibling subdomains, are refused", () => {
  expect(isSameOriginRequest(request("POST", { "Sec-Fetch-Site": "cross-site" }))).toBe(false);
  expect(isSameOriginRequest(request("POST", { "Sec-Fetch-Site": "same-site" }))).toBe(false);
  expect(isSameOriginRequest(request("DELETE", { Origin: "https://evil.test" }))).toBe(false);
  expect(isSameOriginRequest(request("POST", { Origin: "null" }))).toBe(false);
  expect(
    isSameOriginRequest(
      request("POST", { Origin: "https://lake.test", "Sec-Fetch-Site": "cross-site" }),
    ),
  ).toBe(false);
});
