// Loads the wasm module built by scripts/build-wasm (target/wasm-pkg) into Node.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const here = path.dirname(fileURLToPath(import.meta.url));
export const pkg = path.resolve(here, "../../../target/wasm-pkg");

export async function loadAshta() {
  const ashta = await import(path.join(pkg, "ashta_wasm.js"));
  ashta.initSync({ module: readFileSync(path.join(pkg, "ashta_wasm_bg.wasm")) });
  return ashta;
}
