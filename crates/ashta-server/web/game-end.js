// The game screen's end: once the game is over, the end screen (endscreen.js) over the
// board, with its review and its replay, which shows its moments on the game's own board,
// players' panels, bag, cowries and log. Each function takes the screen's context
// (`ctx`, made by game.js).

import { getExactReview, recordUrl } from "./api.js";
import { showEndScreen } from "./endscreen.js";
import { loadEngine } from "./engine.js";
import { thrower } from "./game-state.js";
import { reviewProgress, reviewRecord } from "./review.js";

/** The end screen when the game is over (hidden before). It waits for the browser
 * module: the places and the seed check are the engine's. */
export function drawEnd(ctx) {
  const { state, ui } = ctx;
  const snap = state.snap;
  if (snap.status !== "finished") {
    ui.end.hidden = true;
    return;
  }
  if (state.engine === null) {
    state.engine = "loading";
    loadEngine()
      .catch(() => ({ ashta: null }))
      .then((engine) => {
        state.engine = engine;
        if (!state.replaying && state.snap.status === "finished") drawEnd(ctx);
      });
    return;
  }
  if (state.engine === "loading") return;
  ui.end.hidden = false;
  showEndScreen(ui.end, {
    ashta: state.engine.ashta,
    snap,
    board: state.board,
    start: snap.start,
    you: state.you,
    dock: ui.replayDock,
    local: state.local,
    record: state.local ? () => ctx.connection.record() : null,
    review: reviewOf(ctx, snap),
    replay: replayOnBoard(ctx),
  });
}

/** The review of the finished game, once per game: the server's exact review when it
 * has the solution table of the game's rules, else computed by rollouts in the
 * engine's Worker from its record (the module's, or the server's record download). */
function reviewOf(ctx, snap) {
  const { state } = ctx;
  if (!state.review || state.review.id !== snap.id) {
    // A review by rollouts tells its progress, turn by turn, for the bar.
    const progress = reviewProgress();
    const record = () => (state.local ? Promise.resolve(ctx.connection.record()) : fetch(recordUrl(snap.id)).then((r) => r.text()));
    const byRollouts = () => record().then((text) => reviewRecord(text, progress.report));
    const promise = state.local ? byRollouts() : getExactReview(snap.id).then((exact) => exact ?? byRollouts());
    promise.progress = progress;
    state.review = { id: snap.id, promise };
  }
  return state.review.promise;
}

/** The replay's hooks: it takes the board, shows each moment everywhere (the board,
 * the players' panels, the bag, the cowries, the log's line), and gives the game back. */
function replayOnBoard(ctx) {
  const { state, ui } = ctx;
  return {
    begin: () => {
      state.replaying = true;
      state.selected = null;
      // The game's last message belongs to the game, not to the replay.
      state.message = null;
      ctx.draw.message();
      ctx.draw.controls();
    },
    show: (position, event) => {
      ctx.views.board.render(position, {});
      ctx.draw.players(position);
      ctx.draw.bag(position);
      if (event && event.kind === "throw") ctx.views.cowries.show(event, state.rules.cowries, 0, thrower(state, event));
      for (const li of ui.log.children) {
        const current = !!event && li.dataset.version === String(event.version);
        li.classList.toggle("current", current);
        if (current) ui.log.scrollTop = li.offsetTop - ui.log.offsetTop - ui.log.clientHeight / 2;
      }
    },
    end: () => {
      state.replaying = false;
      for (const li of ui.log.children) li.classList.remove("current");
      ctx.draw.all();
    },
  };
}
