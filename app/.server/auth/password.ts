import type { Config } from "#app/.server/env.ts";

const encoder = new TextEncoder();

async function digest(value: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(value)));
}

/** Fixed-length digests in constant time (workerd's timingSafeEqual is not in the DOM typings). */
export async function isAdminPassword(config: Config, candidate: string): Promise<boolean> {
  const [a, b] = await Promise.all([digest(candidate), digest(config.ADMIN_PASSWORD)]);
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0;
}
