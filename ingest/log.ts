/** systemd's journal timestamps each line. */
export function log(message: string) {
  console.log(`[box] ${message}`);
}
