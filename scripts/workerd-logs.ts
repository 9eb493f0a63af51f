import { createLogger, type Logger } from "vite";

/** workerd's native stack per internal error (offline weather fetches); ours logs one line. */
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
