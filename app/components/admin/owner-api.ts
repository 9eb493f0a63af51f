import { type Answer, type Contract, readAnswer } from "#app/lib/read-answer.ts";

/** A failure neither for an ended session nor for a gone item (404) may work when tried again. */
export type Outcome<T> =
  | { ok: true; value: T }
  | { ok: false; unauthorized: boolean; gone?: boolean };

export function outcomeOf<T>(answer: Answer<T>): Outcome<T> {
  if (answer.ok) return answer;
  if (answer.status === 404) return { ok: false, unauthorized: false, gone: true };
  return { ok: false, unauthorized: answer.status === 401 };
}

/** A write to the owner's API (the session cookie goes along); never throws. */
export async function ownerWrite<T>(
  url: string,
  method: string,
  contract: Contract<T>,
  body?: unknown,
): Promise<Outcome<T>> {
  try {
    const response = await fetch(url, {
      method,
      headers: body === undefined ? undefined : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return outcomeOf(await readAnswer(response, contract));
  } catch {
    return { ok: false, unauthorized: false };
  }
}
