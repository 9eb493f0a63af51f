import { loadavg } from "node:os";

/** The host's load average (1, 5, 15 minutes): a bench's figures on a busy host measure the host. */
export const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(" ");
