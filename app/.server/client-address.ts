/** The visitor's address as Cloudflare saw it (for rate limits and like hashes); local runs have none. */
export function clientAddress(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "local";
}
