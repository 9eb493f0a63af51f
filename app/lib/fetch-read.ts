/** Statuses worth asking again (spec §8): timeouts, conflicts, throttling, server trouble. */
const RETRY_STATUSES = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

/**
 * Every client read goes through here: a GET asked once more, straight away, when the
 * answer is one of the retryable statuses or the network failed. Writes never retry
 * (spec §8): they use fetch.
 */
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
