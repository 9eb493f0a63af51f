import { createLogger, type Logger } from "vite";

/**
 * workerd dumps its native stack for each "internal error" (offline: every weather fetch);
 * Miniflare's filter expects bare addresses, not these `path@address` frames. Our code already
 * logs each failure in one line (app/.server/weather/refresh.ts).
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
