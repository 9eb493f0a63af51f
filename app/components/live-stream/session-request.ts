// Sent on the press, so it travels while the session's code loads.
export const requestSession = () => fetch("/api/stream/sessions", { method: "POST" });
