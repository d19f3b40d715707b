// Games played in this browser, with the server out of the loop: the module's
// `OfflineTable` (the server's own table, compiled to WebAssembly) answers the same
// messages the server's WebSocket does, so the game view draws an offline game with
// the code that draws an online one. Bots decide in the engine's Worker. Every game is
// kept in IndexedDB after each change and resumed from there after a reload.

import { loadEngine } from "./engine.js";

/** The prefix of an offline game's id (its address is /g/local-…). */
export const LOCAL_PREFIX = "local-";

/** Thinking time of the searching bots and of hints in an offline game, ms. */
const BOT_TIME_MS = 300;
const HINT_TIME_MS = 1000;

const DB_NAME = "ashta";
const STORE = "games";

function openDb() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "id" });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function withStore(mode, use) {
  const db = await openDb();
  try {
    return await new Promise((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = use(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request?.result);
      tx.onerror = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

/** Keeps an offline game: `{ id, seat, saved, status, updated }` (`seat`: the first
 * person's). */
export function keepGame(record) {
  return withStore("readwrite", (store) => store.put(record));
}

/** An offline game kept in this browser, or undefined. */
export function keptGame(id) {
  return withStore("readonly", (store) => store.get(id));
}

/** Every offline game kept in this browser, newest first. */
export async function keptGames() {
  const all = (await withStore("readonly", (store) => store.getAll())) || [];
  return all.sort((a, b) => b.updated - a.updated);
}

function randomSeed() {
  // A whole number below 2^53, as the module takes it.
  const [hi, lo] = crypto.getRandomValues(new Uint32Array(2));
  return (hi & 0x1fffff) * 2 ** 32 + lo;
}

function randomHex(bytes) {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Creates an offline game from the request the lobby would send the server, keeps it,
 * and answers `{ id, seat }`: its id and the first person's seat. */
export async function createOfflineGame(request) {
  const { ashta } = await loadEngine();
  const id = `${LOCAL_PREFIX}${randomHex(8)}`;
  const table = new ashta.OfflineTable(id, JSON.stringify(request), randomSeed(), randomHex(16), Date.now());
  const first = request.seats.findIndex((s) => s.kind === "human");
  const seat = first < 0 ? null : first;
  try {
    await keepGame({ id, seat, saved: table.save(), status: "playing", updated: Date.now() });
  } finally {
    table.free();
  }
  return { id, seat };
}

/** A connection to an offline game with the interface of connection.js's `Connection`:
 * `open`, `send`, `resync`, `reconnect`, `close`, and `hint` for the hint button. */
export class LocalConnection {
  constructor({ gameId, seat, onMessage, onStatus }) {
    this.gameId = gameId;
    this.seat = seat;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.table = null;
    this.engine = null;
    this.botsRunning = false;
    this.stopped = false;
    this.firstSeat = null;
  }

  /** Loads the game (the module, then the game kept in IndexedDB) and sends its state. */
  async open() {
    this.onStatus("connecting");
    try {
      this.engine = await loadEngine();
      const kept = await keptGame(this.gameId);
      if (!kept) {
        this.deliver([{ type: "error", code: "not_found", message: `no offline game ${this.gameId} in this browser` }]);
        return;
      }
      this.table = this.engine.ashta.OfflineTable.load(kept.saved);
      this.firstSeat = kept.seat ?? null;
    } catch (e) {
      this.onStatus("closed");
      this.deliver([{ type: "error", code: "internal", message: String(e.message || e) }]);
      return;
    }
    this.onStatus("open");
    this.deliver([this.table.state(this.you())]);
    this.runBots();
  }

  /** The seat the page plays: the person to move in a hotseat game, else the seat of
   * the address. */
  you() {
    const game = this.table.state(this.seat ?? undefined).game;
    const toMove = game.position.to_move;
    const seat = game.seats[toMove];
    if (game.status === "playing" && seat && seat.kind === "human") return toMove;
    return this.seat;
  }

  /** Sends a client message; answered asynchronously as the server would. */
  send(message) {
    if (!this.table || this.stopped) return false;
    if (message.type === "ping") return true;
    queueMicrotask(() => this.act(message));
    return true;
  }

  async act(message) {
    const seat = this.seat ?? 0;
    const replies = this.table.send(seat, JSON.stringify(message));
    await this.changed(replies);
    this.runBots();
  }

  /** Keeps the game, then passes the replies on; in a hotseat game, when another
   * person is to move next, the page is handed their seat with a fresh state. */
  async changed(replies) {
    // A throw taken back at a table of real cowries answers with the whole state.
    if (replies.some((r) => r.type === "event" || r.type === "state")) await this.keep();
    this.deliver(replies);
    const next = this.you();
    if (next !== this.seat && next !== null) {
      this.seat = next;
      this.deliver([this.table.state(next)]);
    }
  }

  async keep() {
    const state = this.table.state(undefined).game;
    const record = { id: this.gameId, seat: this.firstSeat, saved: this.table.save(), status: state.status, updated: Date.now() };
    await keepGame(record);
  }

  deliver(messages) {
    for (const msg of messages) if (!this.stopped) this.onMessage(msg);
  }

  /** Plays every bot turn in a row: throws on this thread, decisions in the Worker. */
  async runBots() {
    if (this.botsRunning) return;
    this.botsRunning = true;
    try {
      for (let turn = this.table.botTurn(); turn && !this.stopped; turn = this.table.botTurn()) {
        let replies;
        if (turn.must_throw) {
          replies = this.table.botThrow();
        } else {
          const moves = await this.engine.worker.decide(turn.position, turn.level, Number(this.table.seed()), BOT_TIME_MS);
          if (this.stopped) return;
          replies = this.table.botPlay(moves);
        }
        await this.changed(replies);
      }
    } catch (e) {
      this.deliver([{ type: "error", code: "internal", message: String(e.message || e) }]);
    } finally {
      this.botsRunning = false;
    }
  }

  /** Nothing to catch up on: the state is here. */
  resync() {
    if (this.table) this.deliver([this.table.state(this.seat ?? undefined)]);
  }

  /** Sends the whole state again. */
  reconnect() {
    this.resync();
  }

  /** Stops the bots and lets the game go (it stays kept). */
  close() {
    this.stopped = true;
    this.table?.free();
    this.table = null;
  }

  /** The game record (JSON text), from the module: what the end screen downloads. */
  record() {
    return this.table.record();
  }

  /** A hint for the person to move, computed in the Worker, in the answer's shape of
   * the server's hint endpoint. */
  async hint() {
    const game = this.table.state(this.seat ?? undefined).game;
    const answer = await this.engine.worker.hint(JSON.stringify(game.position), HINT_TIME_MS, Number(this.table.seed()));
    const best = answer.plays[0];
    return {
      version: game.version,
      seat: answer.player,
      moves: best ? best.moves : [],
      win: best ? best.win : null,
      plays: answer.plays.length,
      forced: answer.forced,
    };
  }
}
