import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/** Nanoseconds of CPU all of workerd's threads have used (Linux schedstat). */
export function workerdCpuNs(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      total += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, "utf8").split(" ")[0]);
    }
  }
  return total;
}

/** The workerd processes the preview started (its own process group). */
export function workerdPids(processGroup: number): number[] {
  return execFileSync("ps", ["-e", "-o", "pid=,pgid=,comm="], { encoding: "utf8" })
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .filter(([, pgid, comm]) => Number(pgid) === processGroup && comm?.startsWith("workerd"))
    .map(([pid]) => Number(pid));
}
