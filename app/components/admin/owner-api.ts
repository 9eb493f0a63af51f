export type Outcome<T> =
  | { ok: true; value: T }
  | { ok: false; unauthorized: boolean; gone?: boolean };

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
