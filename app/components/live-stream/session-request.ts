/**
 * Asks the Worker for a viewing session. The panel sends it on the press on play, so that it
 * travels while the session's code is still loading.
 */
export const requestSession = () => fetch("/api/stream/sessions", { method: "POST" });
