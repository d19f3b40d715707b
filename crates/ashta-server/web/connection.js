// The WebSocket to a game: says hello with the last version it has, reconnects by
// itself after a drop (asking for what it missed), and keeps the line alive.

/** The WebSocket address of a game, for a seat or for a spectator. */
export function socketUrl(base, gameId, seat, token) {
  const url = new URL(`/api/games/${encodeURIComponent(gameId)}/ws`, base);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  if (token !== null && token !== undefined && seat !== null && seat !== undefined) {
    url.searchParams.set("seat", String(seat));
    url.searchParams.set("token", token);
  }
  return url.href;
}

/** A game's connection. `onMessage(msg)` gets every server message, `onStatus(state)`
 * gets "connecting", "open" or "closed"; `version()` gives the last version held;
 * `hint()` asks the server for a hint (offline.js's `LocalConnection` has the same
 * interface for a game played in the page). */
export class Connection {
  constructor({ url, onMessage, onStatus, version, hint }) {
    this.url = url;
    this.hint = hint;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.version = version;
    this.socket = null;
    this.retry = 300;
    this.stopped = false;
    this.pinger = null;
  }

  /** Opens the connection (and reopens it after every drop until `close`). */
  open() {
    this.stopped = false;
    this.onStatus("connecting");
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.retry = 300;
      this.onStatus("open");
      socket.send(JSON.stringify({ type: "hello", since: this.version() }));
      clearInterval(this.pinger);
      this.pinger = setInterval(() => this.send({ type: "ping" }), 20000);
    });
    socket.addEventListener("message", (e) => {
      let msg;
      try {
        msg = JSON.parse(e.data);
      } catch {
        return;
      }
      this.onMessage(msg);
    });
    socket.addEventListener("close", () => {
      clearInterval(this.pinger);
      if (this.socket !== socket) return;
      this.socket = null;
      this.onStatus("closed");
      if (!this.stopped) {
        setTimeout(() => {
          if (!this.stopped) this.open();
        }, this.retry);
        this.retry = Math.min(this.retry * 2, 5000);
      }
    });
  }

  /** Sends a message; false when the line is down. */
  send(message) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** Asks again for everything after the version held (after a gap in the events). */
  resync() {
    this.send({ type: "hello", since: this.version() });
  }

  /** Drops the line and opens it again (the hello then brings what was missed). */
  reconnect() {
    this.retry = 300;
    this.socket?.close();
  }

  /** Closes for good. */
  close() {
    this.stopped = true;
    clearInterval(this.pinger);
    this.socket?.close();
    this.socket = null;
  }
}
