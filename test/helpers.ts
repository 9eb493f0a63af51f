import { exports } from "cloudflare:workers";

export const ORIGIN = "https://lake.test";
export const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";
export const CRAWLER_UA =
  "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** A request to the built Worker as a browser would send it. */
export function visit(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  return exports.default.fetch(`${ORIGIN}${path}`, {
    redirect: "manual",
    ...init,
    headers: { "User-Agent": BROWSER_UA, ...init.headers },
  });
}

export function postForm(
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return visit(path, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: ORIGIN,
      ...headers,
    },
  });
}

export function cookieFrom(response: Response): string {
  const setCookie = response.headers.get("Set-Cookie") ?? "";
  return setCookie.split(";")[0] ?? "";
}
