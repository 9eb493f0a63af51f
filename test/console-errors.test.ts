import { test } from "vitest";
import { expectConsoleError } from "./console-errors.ts";

// The setup file itself: a test fails on a console.error it did not declare (ADR 004).

test.fails("an undeclared console.error fails the test", () => {
  console.error("self-test: an error on purpose");
});

test.fails("a declared console.error that never comes fails the test", () => {
  expectConsoleError(/^self-test: an error on purpose/);
});

test("a declared console.error passes, quietly", () => {
  expectConsoleError(/^self-test: an error on purpose/);
  console.error("self-test: an error on purpose");
});
