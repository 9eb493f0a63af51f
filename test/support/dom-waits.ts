import { configure } from "@testing-library/react";

// findBy… waits for what the user would see; a busy two-core CI machine can take longer than
// testing-library's default second to get there, which is no defect of the page.
configure({ asyncUtilTimeout: 10_000 });
