import { configure } from "@testing-library/react";

// findBy… waits for what the user would see; a busy two-core CI machine can take longer than
// testing-library's default second to get there, which is no defect of the page.
configure({ asyncUtilTimeout: 10_000 });

/**
 * Runs `act` the moment a change under `root` makes `shows()` true, before React's later work
 * (its passive effects) has run: a quick visitor's press on a page still settling.
 */
export function actOnceShown(root: Node, shows: () => boolean, act: () => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const observer = new MutationObserver(() => {
      if (!shows()) return;
      observer.disconnect();
      try {
        act();
        resolve();
      } catch (error) {
        reject(error);
      }
    });
    observer.observe(root, { childList: true, characterData: true, subtree: true });
  });
}
