// Random self-play speed of the wasm build: the same function as the native
// `selfplay_speed` example. Usage: node speed.mjs RULES_JSON GAMES
import { loadAshta } from "./load.mjs";

const ashta = await loadAshta();
const rules = process.argv[2] ?? '"standard"';
const games = Number(process.argv[3] ?? 20000);
const start = performance.now();
const summary = ashta.randomGames(rules, games, 1);
const secs = (performance.now() - start) / 1000;
const turns = summary.total_turns / summary.games;
console.log(`${(games / secs).toFixed(0)} games/s (${summary.games} games, mean ${turns.toFixed(1)} turns)`);
