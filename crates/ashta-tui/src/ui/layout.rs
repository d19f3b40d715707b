//! Where each panel goes between the title and the message bar. The board takes the
//! left and the panels stack on the right: players, throw, choice, log. When the rows
//! on the right are too short for everything at its tallest (80×24, 60×20), the
//! players move under the board if it still fits there, the throws go on one line,
//! and the choice gets the rows it needs before the log, which keeps at least two
//! lines. Where the players go depends on the screen and the table only, never on the
//! moment's choice or hint, so the layout does not jump during a game. On a narrow
//! screen the right column gives up columns (down to [`SIDE_NARROW`]) so that the
//! board's cells keep the pawns of neighbouring squares apart.

use ratatui::layout::{Constraint, Layout, Rect};

use crate::app::App;
use crate::ui::board::Cells;
use crate::ui::{choice, panels};

/// The narrowest the right-hand column gets.
pub const SIDE_MIN: u16 = 36;

/// The narrowest the right-hand column gets when the board needs the columns.
pub const SIDE_NARROW: u16 = 28;

/// Rows the throw panel takes at its tallest (four throws and the borders).
const THROW_MAX: u16 = 6;

/// Rows the choice panel is given room for when the players' place is chosen: the
/// bag, three moves, a hint of a heading and three plays, and the borders.
const CHOICE_ROOM: u16 = 10;

/// Rows the log keeps however short the screen (two lines and the borders).
pub const LOG_MIN: u16 = 4;

/// The narrowest the players panel goes under the board.
const PLAYERS_MIN_WIDTH: u16 = 24;

/// The panels' places.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BodyAreas {
    /// The board, with its border.
    pub board: Rect,
    /// The players: at the top of the right column, or under the board.
    pub players: Rect,
    /// The last throws.
    pub throw: Rect,
    /// The choice: bag, moves, hint.
    pub choice: Rect,
    /// The move log.
    pub log: Rect,
}

/// The columns the board gets (its border included) on a screen `width` wide: all but
/// [`SIDE_MIN`], or, when that is too narrow for cells that keep neighbouring squares
/// apart, as many as those cells need while the right column keeps [`SIDE_NARROW`].
fn board_room(n: u16, width: u16) -> u16 {
    let room = width.saturating_sub(SIDE_MIN);
    let legible = Cells::LEGIBLE.size(n).0 + 2;
    if legible > room {
        legible.min(width.saturating_sub(SIDE_NARROW)).max(room)
    } else {
        room
    }
}

/// Lays out the body `area` for `app`.
pub fn body(app: &App, area: Rect) -> BodyAreas {
    let n = app.variant().geometry().size() as u16;
    let board_room = board_room(n, area.width);
    let players_h = panels::players_rows(app);
    // The right column's rows with everything at its tallest.
    let wanted = players_h + THROW_MAX + CHOICE_ROOM + LOG_MIN;
    // The players under the board when the right column is short of rows and the
    // board still fits above them.
    let below = area.height.saturating_sub(players_h);
    let small = Cells::fit(n, board_room.saturating_sub(2), below.saturating_sub(2));
    let players_left = wanted > area.height
        && small.size(n).1 + 2 <= below
        && small.size(n).0 + 2 <= board_room
        && board_room >= PLAYERS_MIN_WIDTH;
    let cells = if players_left {
        small
    } else {
        Cells::fit(
            n,
            board_room.saturating_sub(2),
            area.height.saturating_sub(2),
        )
    };
    let board_w = (cells.size(n).0 + 2).min(board_room);
    let left_w = if players_left {
        board_w.max(PLAYERS_MIN_WIDTH).min(board_room)
    } else {
        board_w
    };
    let [left, side] =
        Layout::horizontal([Constraint::Length(left_w), Constraint::Min(0)]).areas(area);
    let (board, players, right) = if players_left {
        let [board, players] =
            Layout::vertical([Constraint::Min(0), Constraint::Length(players_h)]).areas(left);
        (board, players, side)
    } else {
        let [players, right] =
            Layout::vertical([Constraint::Length(players_h), Constraint::Min(0)]).areas(side);
        (left, players, right)
    };
    let choice_h = choice::rows_wanted(app, right.width);
    let rows = right.height;
    let throw_h = panels::throw_rows(app);
    let throw_h = if throw_h + choice_h + LOG_MIN <= rows {
        throw_h
    } else {
        throw_h.min(3)
    };
    let choice_h = choice_h.min(rows.saturating_sub(throw_h + LOG_MIN)).max(3);
    let [throw, choice, log] = Layout::vertical([
        Constraint::Length(throw_h),
        Constraint::Length(choice_h),
        Constraint::Min(3),
    ])
    .areas(right);
    BodyAreas {
        board,
        players,
        throw,
        choice,
        log,
    }
}
