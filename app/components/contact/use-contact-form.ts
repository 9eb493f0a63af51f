import { type FormEvent, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useSubmit } from "react-router";
import {
  type ContactOutcome,
  contactFieldNames,
  type ProofPuzzle,
} from "#app/features/contact/contact-fields.ts";
import { useProof } from "./use-proof.ts";

export function useContactForm({
  token,
  proof,
  outcome,
  posting,
  onStart,
}: {
  token: string;
  proof: ProofPuzzle | null;
  outcome: ContactOutcome | undefined;
  posting: boolean;
  onStart: () => void;
}) {
  const submit = useSubmit();
  const solveProof = useProof(proof);
  // From Send until the proof is solved, before the router starts posting.
  const [proving, setProving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const alert = useRef<HTMLParagraphElement>(null);
  const sent = useRef<HTMLDivElement>(null);
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  // Set at once on submit, before the router's state says it is sending.
  const submitted = useRef(false);
  // Before the page shows Send again: a press the moment it shows is not taken for a second one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each answer re-opens the form
  useLayoutEffect(() => {
    if (!posting) submitted.current = false;
    setProving(false);
  }, [posting, outcome]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: token remounts the answer field
  useEffect(() => {
    if (outcome?.status === "sent") sent.current?.focus();
    if (outcome?.status === "failed") alert.current?.focus();
    if (outcome?.status === "invalid") {
      const first = contactFieldNames.find((name) => outcome.errors[name]);
      const field = first && formRef.current?.elements.namedItem(first);
      if (field instanceof HTMLElement) field.focus();
    }
  }, [outcome, token]);

  return {
    form: formRef,
    alert,
    sent,
    enhanced,
    sending: posting || proving,
    start() {
      onStart();
      void solveProof();
    },
    submit(event: FormEvent<HTMLFormElement>) {
      if (submitted.current) event.preventDefault();
      submitted.current = true;
      if (!proof || event.defaultPrevented) return;
      event.preventDefault();
      setProving(true);
      const form = event.currentTarget;
      void solveProof().then((answer) => {
        const data = new FormData(form);
        data.set("proof", answer);
        void submit(data, { method: "post", preventScrollReset: true });
      });
    },
  };
}
