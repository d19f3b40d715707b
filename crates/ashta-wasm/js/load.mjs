// Loads the browser module into Node from the directory ASHTA_WASM_PKG names (written by
// `scripts/build-wasm DIR`, or `cargo run --release -p ashta-server --example wasm-pkg -- DIR`:
// the module the server embeds).
import { readFileSync } from "node:fs";
import path from "node:path";

const dir = process.env.ASHTA_WASM_PKG;
if (!dir) {
  console.error("set ASHTA_WASM_PKG to the browser module's directory (write it with: scripts/build-wasm DIR)");
  process.exit(2);
}
export const pkg = path.resolve(dir);

export async function loadAshta() {
  const ashta = await import(path.join(pkg, "ashta_wasm.js"));
  ashta.initSync({ module: readFileSync(path.join(pkg, "ashta_wasm_bg.wasm")) });
  return ashta;
}
