// Texts of the page in English and Russian (the language of our source). The language
// follows the browser's unless the player picks one with the switch; the pick is kept.

/** The languages the page speaks. */
export const LANGUAGES = ["en", "ru"];

const en = {
  "app.title": "Ashta Chamma",
  "app.subtitle": "Chowka Bhara, India's cowrie-shell race game",
  "lang.switch": "Language",
  "settings.fast": "Fast animations",
  "lobby.create": "New game",
  "lobby.preset": "Rules",
  "preset.standard": "Standard (5×5, 4 cowries)",
  "preset.traditional": "Traditional (circle, grace entry, three graces forfeit)",
  "preset.senior": "Senior (7×7, 8 cowries)",
  "lobby.size": "Board",
  "lobby.players": "Players",
  "lobby.seat": "Seat",
  "lobby.kind": "Who",
  "lobby.human": "Human",
  "lobby.bot": "Computer",
  "lobby.name": "Name",
  "lobby.level": "Level",
  "lobby.timer": "Turn timer (seconds, empty for none)",
  "lobby.timerHelp": "When a human has not acted for this long, the computer plays for them.",
  "lobby.submit": "Create game",
  "lobby.created": "Game {id} created",
  "lobby.invite": "Invite link",
  "lobby.play": "Play",
  "lobby.copy": "Copy",
  "lobby.copied": "Copied",
  "lobby.spectate": "Spectator link",
  "lobby.commitment": "Commitment to the secret seed",
  "lobby.playing": "Games in progress",
  "lobby.finished": "Finished games",
  "lobby.none": "None yet.",
  "lobby.refresh": "Refresh",
  "lobby.watch": "Watch",
  "lobby.view": "View",
  "lobby.resume": "Play as {seat}",
  "lobby.updated": "Updated",
  "lobby.moves": "Events",
  "lobby.game": "Game",
  "lobby.draw": "Draw",
  "presetShort.standard": "standard",
  "presetShort.traditional": "traditional",
  "presetShort.senior": "senior",
  "level.beginner": "beginner",
  "level.easy": "easy",
  "level.medium": "medium",
  "level.hard": "hard",
  "level.master": "master",
  "level.default": "strongest",
  "level.greedy": "greedy",
  "level.random": "random",
  "seat.0": "South",
  "seat.1": "East",
  "seat.2": "North",
  "seat.3": "West",
  "seat.letter.0": "S",
  "seat.letter.1": "E",
  "seat.letter.2": "N",
  "seat.letter.3": "W",
  "game.back": "Lobby",
  "game.you": "You play {seat}",
  "game.spectator": "Spectating",
  "game.connecting": "Connecting…",
  "game.connected": "Connected",
  "game.disconnected": "Connection lost, reconnecting…",
  "game.toMove": "{seat} to move",
  "game.yourThrow": "Your turn: throw the cowries",
  "game.yourMove": "Your turn: pick a pawn, then where it goes",
  "game.throw": "Throw cowries",
  "game.undo": "Undo my last turn",
  "game.bag": "Bag",
  "game.bagEmpty": "empty",
  "game.log": "Moves",
  "game.home": "home",
  "game.off": "off board",
  "game.gateOpen": "gate open",
  "game.gateShut": "gate shut",
  "game.bot": "computer ({level})",
  "game.human": "human",
  "game.online": "online",
  "game.offline": "offline",
  "game.timer": "Computer plays for {seat} in {secs} s",
  "game.pickPawn": "Pick one of your pawns.",
  "game.pickTarget": "Pick where it goes (highlighted), or another pawn.",
  "game.notYourTurn": "It is not your turn.",
  "game.notYourPawn": "That is not your pawn.",
  "game.mustThrowFirst": "Throw the cowries first.",
  "game.noMoveFor": "This pawn has no legal move with your bag.",
  "game.notATarget": "That square is not a legal move for this pawn.",
  "game.spectatorOnly": "Spectators cannot move.",
  "game.block": "blocks {seats}",
  "target.pawn": "{value}: move the pawn to {square}",
  "target.pair": "{value}: move the pair to {square}",
  "target.entry": "{value}: bring {count} on at {square}",
  "legend.title": "Board marks",
  "legend.safe": "Crossed square: safe, nobody is captured there",
  "legend.home": "Centre: home, reached by an exact count",
  "legend.stack": "Number on a pawn: pawns standing together",
  "legend.double": "Dashed ring: a double (two pawns on a plain square), never captured",
  "legend.block": "Dashed square in a seat's colour: its double blocks the others' next turn",
  "legend.gate": "Gate shut: no capture yet, so the pawns stay on the outer ring",
  "game.notFound": "There is no game {id}.",
  "game.over": "Game over",
  "game.winner": "{seat} wins!",
  "game.draw": "Draw ({reason})",
  "draw.frozen": "frozen: nobody can move any more",
  "draw.turn limit": "turn limit reached",
  "throw.again": "throw again",
  "throw.none": "no value",
  "throw.chamma": "chamma",
  "throw.ashta": "ashta",
  "throw.forfeited": "turn forfeited",
  "throw.voided": "third grace: turn voided",
  "log.throw": "{seat} throws {cowries}: {value}",
  "log.move": "{seat} moves {value}: {from} → {to}",
  "log.pairMove": "{seat} moves a pair {value}: {from} → {to}",
  "log.entry": "{seat} brings {count} on with {value}",
  "log.capture": "captures!",
  "log.undo": "{seat} takes back the last turn",
  "log.finished": "Game over",
  "end.title": "Result",
  "end.places": "Places",
  "end.place": "Place",
  "end.player": "Player",
  "end.stats": "Statistics",
  "end.throws": "Throws",
  "end.graces": "Graces",
  "end.moves": "Moves",
  "end.captures": "Captures",
  "end.captured": "Pawns lost",
  "end.homeCount": "Home",
  "end.seed": "Revealed seed",
  "end.salt": "Salt",
  "end.commitment": "Commitment",
  "end.verify": "Verify throws",
  "end.verifying": "Checking…",
  "end.verifyOk": "Verified: the seed matches the commitment and gives all {count} throws.",
  "end.verifyBadCommit": "The seed does not match the commitment published at the start!",
  "end.verifyBadThrow": "Throw {n} is not the one the seed gives!",
  "end.verifyBadSeed": "The revealed seed is not a valid number.",
  "end.download": "Download the game record",
  "end.replay": "Replay",
  "end.progress": "(by progress)",
  "replay.first": "Start",
  "replay.prev": "Back",
  "replay.next": "Forward",
  "replay.last": "End",
  "replay.play": "Play",
  "replay.pause": "Pause",
  "replay.step": "Step {n} of {total}",
  "replay.close": "Close replay",
  "error.bad_request": "Bad request",
  "error.not_found": "Not found",
  "error.too_large": "Too large",
  "error.rate_limited": "Too many messages; slow down",
  "error.bad_message": "The server did not understand a message",
  "error.not_your_turn": "It is not your turn",
  "error.must_throw": "Throw the cowries first",
  "error.must_move": "Move with your bag first",
  "error.illegal_move": "Illegal move",
  "error.spectator": "Spectators cannot act",
  "error.bad_token": "This invite link is not valid",
  "error.game_over": "The game is over",
  "error.cannot_undo": "Cannot undo now",
  "error.network": "Network error",
  "error.internal": "The server could not save that; reconnecting",
};

const ru = {
  "app.title": "Ашта-чамма",
  "app.subtitle": "Чоука-бхара, индийская игра-гонка с раковинами каури",
  "lang.switch": "Язык",
  "settings.fast": "Быстрая анимация",
  "lobby.create": "Новая игра",
  "lobby.preset": "Правила",
  "preset.standard": "Стандартные (5×5, 4 каури)",
  "preset.traditional": "Традиционные (круг, вход по милости, три милости — потеря хода)",
  "preset.senior": "Старшие (7×7, 8 каури)",
  "lobby.size": "Доска",
  "lobby.players": "Игроки",
  "lobby.seat": "Место",
  "lobby.kind": "Кто",
  "lobby.human": "Человек",
  "lobby.bot": "Компьютер",
  "lobby.name": "Имя",
  "lobby.level": "Уровень",
  "lobby.timer": "Таймер хода (секунды, пусто — без таймера)",
  "lobby.timerHelp": "Если человек столько не ходит, за него ходит компьютер.",
  "lobby.submit": "Создать игру",
  "lobby.created": "Игра {id} создана",
  "lobby.invite": "Ссылка-приглашение",
  "lobby.play": "Играть",
  "lobby.copy": "Копировать",
  "lobby.copied": "Скопировано",
  "lobby.spectate": "Ссылка для зрителей",
  "lobby.commitment": "Обязательство по секретному зерну",
  "lobby.playing": "Идущие игры",
  "lobby.finished": "Оконченные игры",
  "lobby.none": "Пока нет.",
  "lobby.refresh": "Обновить",
  "lobby.watch": "Смотреть",
  "lobby.view": "Открыть",
  "lobby.resume": "Играть за {seat}",
  "lobby.updated": "Обновлено",
  "lobby.moves": "Событий",
  "lobby.game": "Игра",
  "lobby.draw": "Ничья",
  "presetShort.standard": "стандартные",
  "presetShort.traditional": "традиционные",
  "presetShort.senior": "старшие",
  "level.beginner": "новичок",
  "level.easy": "лёгкий",
  "level.medium": "средний",
  "level.hard": "сильный",
  "level.master": "мастер",
  "level.default": "сильнейший",
  "level.greedy": "жадный",
  "level.random": "случайный",
  "seat.0": "Юг",
  "seat.1": "Восток",
  "seat.2": "Север",
  "seat.3": "Запад",
  "seat.letter.0": "Ю",
  "seat.letter.1": "В",
  "seat.letter.2": "С",
  "seat.letter.3": "З",
  "game.back": "Лобби",
  "game.you": "Вы играете за {seat}",
  "game.spectator": "Вы зритель",
  "game.connecting": "Подключение…",
  "game.connected": "Подключено",
  "game.disconnected": "Связь потеряна, переподключение…",
  "game.toMove": "Ходит {seat}",
  "game.yourThrow": "Ваш ход: бросайте каури",
  "game.yourMove": "Ваш ход: выберите фишку, затем клетку",
  "game.throw": "Бросить каури",
  "game.undo": "Отменить мой ход",
  "game.bag": "Очки",
  "game.bagEmpty": "нет",
  "game.log": "Ходы",
  "game.home": "дома",
  "game.off": "вне доски",
  "game.gateOpen": "ворота открыты",
  "game.gateShut": "ворота закрыты",
  "game.bot": "компьютер ({level})",
  "game.human": "человек",
  "game.online": "в сети",
  "game.offline": "не в сети",
  "game.timer": "Компьютер сходит за {seat} через {secs} с",
  "game.pickPawn": "Выберите свою фишку.",
  "game.pickTarget": "Выберите клетку (подсвечена) или другую фишку.",
  "game.notYourTurn": "Сейчас не ваш ход.",
  "game.notYourPawn": "Это не ваша фишка.",
  "game.mustThrowFirst": "Сначала бросьте каури.",
  "game.noMoveFor": "У этой фишки нет хода с вашими очками.",
  "game.notATarget": "Эта фишка не может пойти на эту клетку.",
  "game.spectatorOnly": "Зрители не ходят.",
  "game.block": "блокирует: {seats}",
  "target.pawn": "{value}: фишку на {square}",
  "target.pair": "{value}: пару на {square}",
  "target.entry": "{value}: ввести {count} на {square}",
  "legend.title": "Обозначения",
  "legend.safe": "Клетка с крестом: безопасная, здесь не бьют",
  "legend.home": "Центр: дом, куда входят точным счётом",
  "legend.stack": "Число на фишке: сколько фишек стоит вместе",
  "legend.double": "Пунктирное кольцо: двойка (две фишки на простой клетке), её не бьют",
  "legend.block": "Пунктирная рамка цвета игрока: его двойка перекрывает путь соперникам на их следующий ход",
  "legend.gate": "Ворота закрыты: ещё нет взятия, фишки остаются на внешнем кольце",
  "game.notFound": "Игры {id} нет.",
  "game.over": "Игра окончена",
  "game.winner": "Победил {seat}!",
  "game.draw": "Ничья ({reason})",
  "draw.frozen": "игра замерла: никто не может ходить",
  "draw.turn limit": "достигнут предел ходов",
  "throw.again": "бросок ещё раз",
  "throw.none": "без очков",
  "throw.chamma": "чамма",
  "throw.ashta": "ашта",
  "throw.forfeited": "ход потерян",
  "throw.voided": "третья милость: ход сгорел",
  "log.throw": "{seat} бросает {cowries}: {value}",
  "log.move": "{seat} ходит на {value}: {from} → {to}",
  "log.pairMove": "{seat} ходит парой на {value}: {from} → {to}",
  "log.entry": "{seat} вводит {count} на {value}",
  "log.capture": "взятие!",
  "log.undo": "{seat} отменяет последний ход",
  "log.finished": "Игра окончена",
  "end.title": "Итог",
  "end.places": "Места",
  "end.place": "Место",
  "end.player": "Игрок",
  "end.stats": "Статистика",
  "end.throws": "Броски",
  "end.graces": "Милости",
  "end.moves": "Ходы",
  "end.captures": "Взятия",
  "end.captured": "Потеряно фишек",
  "end.homeCount": "Дома",
  "end.seed": "Раскрытое зерно",
  "end.salt": "Соль",
  "end.commitment": "Обязательство",
  "end.verify": "Проверить броски",
  "end.verifying": "Проверка…",
  "end.verifyOk": "Проверено: зерно совпадает с обязательством и даёт все {count} бросков.",
  "end.verifyBadCommit": "Зерно не совпадает с обязательством, опубликованным в начале!",
  "end.verifyBadThrow": "Бросок {n} не тот, что даёт зерно!",
  "end.verifyBadSeed": "Раскрытое зерно — не число.",
  "end.download": "Скачать запись партии",
  "end.replay": "Повтор",
  "end.progress": "(по продвижению)",
  "replay.first": "В начало",
  "replay.prev": "Назад",
  "replay.next": "Вперёд",
  "replay.last": "В конец",
  "replay.play": "Пуск",
  "replay.pause": "Пауза",
  "replay.step": "Шаг {n} из {total}",
  "replay.close": "Закрыть повтор",
  "error.bad_request": "Неверный запрос",
  "error.not_found": "Не найдено",
  "error.too_large": "Слишком большой запрос",
  "error.rate_limited": "Слишком много сообщений, помедленнее",
  "error.bad_message": "Сервер не понял сообщение",
  "error.not_your_turn": "Сейчас не ваш ход",
  "error.must_throw": "Сначала бросьте каури",
  "error.must_move": "Сначала сходите своими очками",
  "error.illegal_move": "Недопустимый ход",
  "error.spectator": "Зрители не могут ходить",
  "error.bad_token": "Эта ссылка-приглашение недействительна",
  "error.game_over": "Игра окончена",
  "error.cannot_undo": "Сейчас отменить нельзя",
  "error.network": "Ошибка сети",
  "error.internal": "Сервер не смог это сохранить; переподключение",
};

/** Every text, by language. */
export const TEXTS = { en, ru };

const STORAGE_KEY = "ashta.lang";
let current = "en";
const listeners = [];

/** The language to use for a browser whose preferred languages are `languages`. */
export function pickLanguage(languages) {
  for (const tag of languages || []) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return "en";
}

/** Fills `{name}` placeholders of `text` from `params`. */
export function format(text, params = {}) {
  return text.replace(/\{([a-zA-Z]+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}

/** The text of `key` in `lang` with its placeholders filled; the English one when the
 * language lacks it, and the key itself when neither has it. */
export function translate(lang, key, params) {
  const text = (TEXTS[lang] && TEXTS[lang][key]) ?? en[key] ?? key;
  return format(text, params);
}

/** The text of `key` in the current language. */
export function t(key, params) {
  return translate(current, key, params);
}

/** The current language. */
export function language() {
  return current;
}

/** Sets the language (and keeps the choice when `remember`); tells every listener. */
export function setLanguage(lang, remember = true) {
  if (!LANGUAGES.includes(lang)) return;
  current = lang;
  if (remember) {
    try {
      globalThis.localStorage?.setItem(STORAGE_KEY, lang);
    } catch {
      // Storage may be disabled; the choice then lasts for this page only.
    }
  }
  if (globalThis.document) document.documentElement.lang = lang;
  for (const f of listeners) f(lang);
}

/** Calls `f` whenever the language changes. */
export function onLanguageChange(f) {
  listeners.push(f);
}

/** Picks the starting language: the one kept from an earlier choice, else the browser's. */
export function initLanguage() {
  let kept = null;
  try {
    kept = globalThis.localStorage?.getItem(STORAGE_KEY);
  } catch {
    kept = null;
  }
  const lang = LANGUAGES.includes(kept) ? kept : pickLanguage(globalThis.navigator?.languages);
  setLanguage(lang, false);
}

/** The name of player `p`'s seat (South, East, …) in a game of `players` players. */
export function seatName(seat) {
  return t(`seat.${seat}`);
}
