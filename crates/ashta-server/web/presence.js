// Who is there in an online game, in words: a person who left (and when the computer
// plays for them), and what was played for a person who came back. The server decides
// all of it (its `presence` messages and the seats' `away`); this only says it.

/** The status line's sentences for the people away from the game but `you`: one each.
 * `seats` as a snapshot or a `presence` message gives them; `name(seat)` names a seat;
 * `now` is Unix ms. */
export function awayText(seats, you, name, t, now = Date.now()) {
  return (seats || [])
    .filter((s) => s.away && s.seat !== you)
    .map((s) => {
      const seat = name(s.seat);
      const at = s.away.stand_in_at;
      if (at === null || at === undefined) return t("game.away", { seat });
      if (at > now) return t("game.awayTimer", { seat, time: new Date(at).toLocaleTimeString() });
      return t("game.awayBot", { seat, level: levelName(s.away.by, t) });
    })
    .join(" ");
}

/** What a `presence` message of a person coming back says, or null for a person who was
 * not away: to the person themselves, what the computer played for them; to the others,
 * that they are back. */
export function backText(msg, you, name, t) {
  if (!msg.present || msg.played === undefined) return null;
  const level = levelName(msg.by, t);
  if (msg.seat === you) {
    return msg.played > 0 ? t("game.backPlayed", { played: msg.played, level }) : t("game.backNothing");
  }
  const seat = name(msg.seat);
  return msg.played > 0 ? t("game.returnedPlayed", { seat, played: msg.played, level }) : t("game.returned", { seat });
}

function levelName(level, t) {
  const key = `level.${level}`;
  return t(key) === key ? level : t(key);
}
