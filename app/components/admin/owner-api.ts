/**
 * What an owner's request came to: its answer, or whether it failed for an ended session or
 * because what it asked for is gone (404); a failure with neither may work when tried again.
 */
export type Outcome<T> =
  | { ok: true; value: T }
  | { ok: false; unauthorized: boolean; gone?: boolean };

/** A write to the owner's API (the session cookie goes along); never throws. */
export async function ownerWrite<T>(
  url: string,
  method: string,
  body?: unknown,
): Promise<Outcome<T>> {
  try {
    const response = await fetch(url, {
      method,
      headers: body === undefined ? undefined : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) return { ok: false, unauthorized: response.status === 401 };
    return { ok: true, value: (await response.json()) as T };
  } catch {
    return { ok: false, unauthorized: false };
  }
}
