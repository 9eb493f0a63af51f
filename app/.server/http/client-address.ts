/** The visitor's address as Cloudflare saw it; local runs have none. */
function clientAddress(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "local";
}

/** IPv6 counts by its /64: a subscriber is handed a whole /64. */
export function clientNetwork(request: Request): string {
  const address = clientAddress(request);
  if (!address.includes(":")) return address;
  return `${ipv6Groups(address).slice(0, 4).join(":")}::/64`;
}

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
