import { createLogger, type Logger } from "vite";

/**
 * workerd reports each "internal error" it hands to JavaScript (a failed DNS lookup, a refused
 * connection) with a dump of its own native stack, and offline that is every weather fetch.
 * Miniflare drops these dumps, but its pattern expects bare addresses while this workerd
 * prints `path@address` frames, so they reach the terminal. Our code already logs each
 * failure in one line with its reason (app/.server/weather/refresh.ts).
 */
export function withoutWorkerdStackDumps(): Logger {
  const logger = createLogger();
  const { error, warn } = logger;
  logger.error = (message, options) => {
    if (!isStackDump(message)) error(message, options);
  };
  logger.warn = (message, options) => {
    if (!isStackDump(message)) warn(message, options);
  };
  return logger;
}

export function isStackDump(message: string): boolean {
  return /stack:( \S*@[0-9a-f]+){3,}/.test(message) || message.startsWith("NOSENTRY ");
}
