/** One line per event on stdout, which systemd's journal timestamps. */
export function log(message: string) {
  console.log(`[box] ${message}`);
}
