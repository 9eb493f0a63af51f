/** Wiped whenever their server starts. */
export const journeyState = ".wrangler/e2e";

/**
 * Miniflare's send_email binding writes .eml files under the OS temp directory: the journeys'
 * server gets one inside their state, so every run starts with none.
 */
export const journeyMailDrop = `${journeyState}/tmp`;
