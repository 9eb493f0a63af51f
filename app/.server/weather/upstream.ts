import type { z } from "zod";
import type { Config } from "#app/.server/env.ts";

export class UpstreamError extends Error {
  override name = "UpstreamError";
}

export type Upstream = { timeoutMs: number; userAgent: string };

export function upstreamFor(config: Config): Upstream {
  return {
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    userAgent: `LakeGardaLiveCamera (+${config.SITE_URL})`,
  };
}

export async function fetchUpstreamText(
  source: string,
  upstream: Upstream,
  url: URL,
  init: RequestInit = {},
): Promise<string> {
  const headers = new Headers(init.headers);
  headers.set("User-Agent", upstream.userAgent);
  try {
    // The signal also covers reading the body, so a stalled download times out too.
    const response = await fetch(url, {
      ...init,
      headers,
      signal: AbortSignal.timeout(upstream.timeoutMs),
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new UpstreamError(`${source}: HTTP ${response.status}`);
    }
    return await response.text();
  } catch (error) {
    if (error instanceof UpstreamError) throw error;
    if (error instanceof Error && error.name === "TimeoutError") {
      throw new UpstreamError(`${source}: no answer within ${upstream.timeoutMs} ms`);
    }
    // DNS failures and refused connections: workerd calls most of them "internal error".
    throw new UpstreamError(
      `${source}: network error: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

export async function fetchUpstreamJson<T>(
  source: string,
  upstream: Upstream,
  schema: z.ZodType<T>,
  url: URL,
  init?: RequestInit,
): Promise<T> {
  const text = await fetchUpstreamText(source, upstream, url, init);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UpstreamError(`${source}: not JSON: ${JSON.stringify(text.slice(0, 80))}`);
  }
  return parseUpstream(source, schema, json);
}

export function parseUpstream<T>(source: string, schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issues = result.error.issues
      .slice(0, 3)
      .map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`);
    throw new UpstreamError(`${source}: unexpected response: ${issues.join("; ")}`);
  }
  return result.data;
}
