import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import {
  type ActionFunctionArgs,
  createRoutesStub,
  Form,
  useActionData,
  useNavigation,
} from "react-router";
import { afterEach, beforeEach, expect, test } from "vitest";
import type { ContactOutcome, ProofPuzzle } from "#app/features/contact/contact-fields.ts";
import { actOnceShown } from "#test/support/dom-waits.ts";
import { useContactForm } from "./use-contact-form.ts";

afterEach(cleanup);

/** The forms the route's action received, and how it answers the next one. */
let received: Record<string, string>[];
let answer: () => Promise<ContactOutcome>;
let puzzle: ProofPuzzle | null;

beforeEach(() => {
  received = [];
  answer = async () => ({ status: "sent" });
  puzzle = null;
});

async function action({ request }: ActionFunctionArgs) {
  received.push(Object.fromEntries(await request.formData()) as Record<string, string>);
  return answer();
}

async function sha256Hex(text: string) {
  const hash = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(hash), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

function Contact() {
  const outcome = useActionData<typeof action>();
  const posting = useNavigation().formMethod === "POST";
  const contact = useContactForm({
    token: "question-1",
    proof: puzzle,
    outcome,
    posting,
    onStart: () => undefined,
  });
  if (outcome?.status === "sent") {
    return (
      <div ref={contact.sent} tabIndex={-1}>
        Message sent
      </div>
    );
  }
  return (
    <Form
      ref={contact.form}
      method="post"
      noValidate={contact.enhanced}
      onFocus={contact.start}
      onSubmit={contact.submit}
    >
      <input aria-label="Name" name="name" required defaultValue="Ada" />
      <input aria-label="E-mail" name="email" required defaultValue="ada@example.com" />
      <textarea aria-label="Message" name="message" required defaultValue="Ciao" />
      {outcome?.status === "failed" ? (
        <p ref={contact.alert} tabIndex={-1}>
          Could not be sent
        </p>
      ) : null}
      <button type="submit">{contact.sending ? "Sending" : "Send"}</button>
    </Form>
  );
}

const Stub = createRoutesStub([
  { path: "/en/contact", Component: Contact, action, HydrateFallback: () => null },
]);

async function openForm() {
  render(<Stub initialEntries={["/en/contact"]} />);
  return screen.findByRole("button", { name: "Send" });
}

test("with JavaScript the schema checks, not the browser, and the form posts as typed", async () => {
  const send = await openForm();
  expect(document.querySelector("form")?.noValidate).toBe(true);
  fireEvent.click(send);
  await screen.findByText("Message sent");
  expect(received).toEqual([{ name: "Ada", email: "ada@example.com", message: "Ciao" }]);
});

test("on a busy day the message leaves with the proof's answer, once however often Send is pressed", async () => {
  puzzle = { salt: "salt-1", target: await sha256Hex("salt-1:37"), range: 200 };
  const send = await openForm();
  fireEvent.click(send);
  fireEvent.click(send);
  fireEvent.click(send);
  await screen.findByText("Message sent");
  expect(received).toEqual([
    { name: "Ada", email: "ada@example.com", message: "Ciao", proof: "37" },
  ]);
});

test("Send says it is sending until the answer, then the form takes the next try", async () => {
  let release: (outcome: ContactOutcome) => void = () => undefined;
  answer = () => new Promise((resolve) => (release = resolve));
  fireEvent.click(await openForm());
  const sending = await screen.findByRole("button", { name: "Sending" });
  fireEvent.click(sending);
  release({ status: "failed" });
  fireEvent.click(await screen.findByRole("button", { name: "Send" }));
  await waitFor(() => expect(received).toHaveLength(2));
});

test("a Send pressed the moment it is shown again, after a failure, is sent", async () => {
  let release: (outcome: ContactOutcome) => void = () => undefined;
  answer = () => new Promise((resolve) => (release = resolve));
  fireEvent.click(await openForm());
  const button = await screen.findByRole("button", { name: "Sending" });
  // The press comes as soon as the page shows Send, before React's later work has run.
  const pressed = actOnceShown(
    button,
    () => button.textContent === "Send",
    () => {
      answer = async () => ({ status: "sent" });
      fireEvent.click(button);
    },
  );
  release({ status: "failed" });
  await pressed;
  await screen.findByText("Message sent");
  expect(received).toHaveLength(2);
});

test("an answer that names wrong fields moves the focus to the first of them", async () => {
  answer = async () => ({
    status: "invalid",
    errors: { message: "too_short", email: "invalid_email" },
  });
  fireEvent.click(await openForm());
  await waitFor(() => expect(document.activeElement?.getAttribute("name")).toBe("email"));
});

test("a failure moves the focus to what it says", async () => {
  answer = async () => ({ status: "failed" });
  fireEvent.click(await openForm());
  await waitFor(() => expect(document.activeElement?.textContent).toBe("Could not be sent"));
});

test("a sent message moves the focus to its confirmation", async () => {
  fireEvent.click(await openForm());
  await waitFor(() => expect(document.activeElement?.textContent).toBe("Message sent"));
});
