import { describe, expect, test } from "vitest";
import { checkContactForm } from "./contact-form.ts";

function form(fields: Record<string, string>) {
  const data = new FormData();
  const all = {
    name: "Giulia Rossi",
    email: "giulia@example.com",
    subject: "Hello",
    message: "A message long enough.",
    answer: "7",
    ...fields,
  };
  for (const [name, value] of Object.entries(all)) data.set(name, value);
  return data;
}

describe("the contact form's schema", () => {
  test("accepts a complete form and trims what the visitor typed", () => {
    const check = checkContactForm(form({ name: "  Giulia Rossi ", answer: " 7 " }));
    expect(check).toEqual({
      ok: true,
      data: {
        name: "Giulia Rossi",
        email: "giulia@example.com",
        subject: "Hello",
        message: "A message long enough.",
        answer: "7",
      },
    });
  });

  test("counts a line break as one character, however the browser sent it", () => {
    // 4,998 letters and two line breaks: 5,000 characters in the textarea, 5,002 as CRLF.
    const message = ["x", "y", "z"].map((letter) => letter.repeat(1666)).join("\r\n");
    const check = checkContactForm(form({ message }));
    expect(check.ok).toBe(true);
    if (check.ok) expect(check.data.message).not.toContain("\r");
  });

  test("reports each field's first problem", () => {
    const check = checkContactForm(
      form({ name: "", email: "giulia@", subject: "a\tb", message: "short", answer: "seven" }),
    );
    expect(check).toEqual({
      ok: false,
      errors: {
        name: "required",
        email: "invalid_email",
        subject: "line_break",
        message: "too_short",
        answer: "wrong_answer",
      },
    });
  });

  test("takes a missing field for an empty one", () => {
    const check = checkContactForm(new FormData());
    expect(check.ok ? {} : check.errors).toMatchObject({ name: "required", email: "required" });
  });

  test("refuses line breaks and other control characters in header fields", () => {
    for (const name of ["a\nb", "a\rb", "a\u2028b", "a\u0000b"]) {
      expect(checkContactForm(form({ name }))).toEqual({
        ok: false,
        errors: { name: "line_break" },
      });
    }
  });
});
