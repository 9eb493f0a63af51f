/** A session asked for on the press, and when: the live start is measured from the press. */
export type SessionRequest = { response: Promise<Response>; pressedAt: number };

// Sent on the press, so it travels while the session's code loads.
export const requestSession = (): SessionRequest => ({
  response: fetch("/api/stream/sessions", { method: "POST" }),
  pressedAt: performance.now(),
});
