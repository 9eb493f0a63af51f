const RETRY_STATUSES = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

export async function fetchRead(url: string, init: Omit<RequestInit, "method" | "body"> = {}) {
  try {
    const response = await fetch(url, init);
    if (!RETRY_STATUSES.has(response.status)) return response;
    await response.body?.cancel();
  } catch (error) {
    if (init.signal?.aborted) throw error;
  }
  return fetch(url, init);
}

export function isNetworkFailure(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /failed to fetch|networkerror|load failed|network connection/i.test(error.message)
  );
}

export function wasUnsent(actionResult: unknown): boolean {
  return (
    typeof actionResult === "object" &&
    actionResult !== null &&
    "unsent" in actionResult &&
    actionResult.unsent === true
  );
}
