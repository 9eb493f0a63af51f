// An error logged on the way to a green assertion is a defect it missed: undeclared ones fail.
import { afterEach, beforeEach } from "vitest";

const original = console.error;
let expected: RegExp[] = [];
let logged: string[] = [];

/** Declares an error this test causes on purpose; it must then be logged, and stays quiet. */
export function expectConsoleError(pattern: RegExp): void {
  expected.push(pattern);
}

function line(args: unknown[]): string {
  return args.map(asText).join(" ");
}

function asText(arg: unknown): string {
  if (arg instanceof Error) return `${arg.name}: ${arg.message}`;
  if (typeof arg !== "object" || arg === null) return String(arg);
  try {
    return JSON.stringify(arg);
  } catch {
    return String(arg);
  }
}

beforeEach(() => {
  expected = [];
  logged = [];
  console.error = (...args: unknown[]) => {
    const text = line(args);
    logged.push(text);
    if (!expected.some((pattern) => pattern.test(text))) original(...args);
  };
});

afterEach(() => {
  console.error = original;
  const unexpected = logged.filter((text) => !expected.some((pattern) => pattern.test(text)));
  const missing = expected.filter((pattern) => !logged.some((text) => pattern.test(text)));
  if (unexpected.length > 0) {
    throw new Error(
      `unexpected console.error (declare it with expectConsoleError if the test causes it):\n${unexpected.join("\n")}`,
    );
  }
  if (missing.length > 0)
    throw new Error(`expected console.error not logged: ${missing.join(", ")}`);
});
