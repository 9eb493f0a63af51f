/** Wiped whenever their server starts. */
export const journeyState = ".wrangler/e2e";

/** Miniflare's send_email writes .eml files under TMPDIR: one of the journeys' own per run. */
export const journeyMailDrop = `${journeyState}/tmp`;
