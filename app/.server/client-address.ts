/** The visitor's address as Cloudflare saw it (for like hashes); local runs have none. */
export function clientAddress(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "local";
}

/**
 * What rate limits count by: an IPv4 address, or the /64 network of an IPv6 address.
 * A subscriber is handed a whole /64, so counting single IPv6 addresses would give one
 * client 2^64 allowances.
 */
export function clientNetwork(request: Request): string {
  const address = clientAddress(request);
  if (!address.includes(":")) return address;
  return `${ipv6Groups(address).slice(0, 4).join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, "::" expanded, without leading zeros. */
function ipv6Groups(address: string): string[] {
  const [head = "", tail] = address.toLowerCase().split("%")[0]?.split("::") ?? [];
  const groups = (part: string | undefined) => (part ? part.split(":") : []);
  const left = groups(head);
  const right = groups(tail);
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(Math.max(0, missing)).fill("0"), ...right].map(
    (group) => group.replace(/^0+(?=.)/, "") || "0",
  );
}
