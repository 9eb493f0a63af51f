import { useCallback, useRef } from "react";
import type { ProofPuzzle } from "#app/features/contact/contact-fields.ts";

/**
 * The busy day's proof of work (ADR 012), started once the visitor begins on the form, so that
 * it is usually done before they send. Its module loads only then; "" if it cannot be solved
 * (the server then says why the message was refused).
 */
export function useProof(puzzle: ProofPuzzle | null) {
  const solving = useRef<{ salt: string; answer: Promise<string> }>(null);
  return useCallback((): Promise<string> => {
    if (!puzzle) return Promise.resolve("");
    if (solving.current?.salt !== puzzle.salt) {
      const answer = import("#app/features/contact/contact-proof.ts")
        .then(({ solveProof }) => solveProof(puzzle))
        .then(String, () => "");
      solving.current = { salt: puzzle.salt, answer };
    }
    return solving.current.answer;
  }, [puzzle]);
}
