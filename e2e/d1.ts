import { localD1 } from "#scripts/local-d1.ts";
import { journeyState } from "./state.ts";

/** SQL on the journeys' Worker's D1, as another browser's change. */
export const d1 = localD1(journeyState);
