/** The journeys' own local state, wiped whenever their server starts. */
export const journeyState = ".wrangler/e2e";

/**
 * Miniflare's send_email binding writes each message it delivers as an .eml file under the
 * OS temp directory: the journeys' server gets one inside their state, so they read what
 * was sent and every run starts with none.
 */
export const journeyMailDrop = `${journeyState}/tmp`;
