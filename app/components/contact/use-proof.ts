import { useCallback, useRef } from "react";
import type { ProofPuzzle } from "#app/features/contact/contact-fields.ts";

// Started as the visitor begins (ADR 012); "" if unsolvable: the server then says why.
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
