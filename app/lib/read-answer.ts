import type { ApiErrorAnswer } from "./api-error.ts";

export type Contract<T> = {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
};

/** `code` is the refusal's (`{ error: { code } }`), null when the body is not one. */
export type Refused = {
  ok: false;
  status: number;
  code: ApiErrorAnswer["error"]["code"] | null;
};
export type Answer<T> = { ok: true; value: T } | Refused;

/** A public page imports the schema with the request, so zod never ships with the page. */
export async function readAnswer<T>(response: Response, contract: Contract<T>): Promise<Answer<T>> {
  if (!response.ok) return readRefusal(response);
  const body: unknown = await response.json().catch(() => undefined);
  const read = contract.safeParse(body);
  return read.success
    ? { ok: true, value: read.data }
    : { ok: false, status: response.status, code: null };
}

/** Only where zod would push a page past its JS budget on a first visit (ADR 001). */
export function unchecked<T>(): Contract<T> {
  return { safeParse: (value) => ({ success: true, data: value as T }) };
}

export async function readRefusal(response: Response): Promise<Refused> {
  const [body, { apiErrorAnswer }] = await Promise.all([
    response.json().catch(() => undefined),
    import("./api-error.ts"),
  ]);
  const refusal = apiErrorAnswer.safeParse(body);
  return {
    ok: false,
    status: response.status,
    code: refusal.success ? refusal.data.error.code : null,
  };
}
