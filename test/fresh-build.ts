import { requireFreshBuild } from "#scripts/build-freshness.ts";

// The workerd tests and the journeys run the built Worker: refuse one older than the code.
export default () => requireFreshBuild();
