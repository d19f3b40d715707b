// The engine's facts the page must reproduce (written by crates/ashta-cli/tests/browser_e2e.rs).

import { readFileSync } from "node:fs";

/** The parsed engine fixture. */
export const fixture = JSON.parse(readFileSync(new URL("./engine-fixture.json", import.meta.url), "utf8"));
