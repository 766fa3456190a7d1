//! Regression positions from Rensa's lost games against the strongest classical engine it has
//! met (Rapfi with its classical evaluation), kept in `tests/data/rapfi-losses.txt` with their
//! analysis: the move Rensa played, the analyser's own choice and its evaluations before and
//! after. Where Rensa's node-limited search now plays a move the analyser rates playable
//! (`expect: avoid`), the test checks that it does not go back to the losing move; the other
//! positions (`expect: open`) are targets, listed by the ignored `report` test:
//! `cargo test --release --test losses -- --ignored --nocapture`, which also runs the ignored
//! `attacker_report`: the opponent's search after each losing move, and whether it proves the
//! forced win the analyser proved (how well the search sees forced wins). With `RENSA_PARAMS` set
//! (`name=value,…`, the names of `INFO param_<name>`), every search here uses those parameters:
//! a way to try a change on these positions before a match. `LOSS_NODES` sets the nodes of every
//! search here (instead of [`NODES`]), and the reports read `RENSA_WEIGHTS` (a weights file from
//! `rensa-train fit`, evaluated instead of the embedded ones).

use rensa::board::{rule, Board, Grid};
use rensa::params::SearchParams;
use rensa::search::{Job, Limits, SearchResult, Tt};
use rensa::{Cell, Color, Pos, Rule};

/// Nodes per search: about a second of Rensa's search on one core.
const NODES: u64 = 1_000_000;
/// Table size of the searches (bytes).
const TT_BYTES: usize = 64 << 20;

/// One position of the data file.
struct Loss {
    name: String,
    to_move: Color,
    lost: String,
    rapfi: String,
    /// The analyser's evaluation after `lost`, from the mover's side (`-M<n>`: a forced loss).
    eval_after: String,
    expect_avoid: bool,
    board: String,
}

fn losses() -> Vec<Loss> {
    let text = include_str!("data/rapfi-losses.txt");
    let mut out = Vec::new();
    let mut lines = text.lines().peekable();
    let mut fields = std::collections::HashMap::new();
    while let Some(line) = lines.next() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let (key, value) = line.split_once(':').expect("key: value");
        if key != "board" {
            fields.insert(key.to_string(), value.trim().to_string());
            continue;
        }
        let mut board = String::new();
        while let Some(row) = lines.next_if(|l| !l.trim().is_empty()) {
            board.push_str(row);
            board.push('\n');
        }
        let field = |k: &str| fields.get(k).cloned().unwrap_or_else(|| panic!("no {k}"));
        out.push(Loss {
            name: field("name"),
            to_move: match field("to_move").as_str() {
                "black" => Color::Black,
                "white" => Color::White,
                other => panic!("to_move {other}"),
            },
            lost: field("lost"),
            rapfi: field("rapfi"),
            eval_after: field("eval_after"),
            expect_avoid: match field("expect").as_str() {
                "avoid" => true,
                "open" => false,
                other => panic!("expect {other}"),
            },
            board,
        });
        fields.clear();
    }
    out
}

/// The search parameters: the defaults, changed by `RENSA_PARAMS` (`name=value,name=value`, the
/// names of `INFO param_<name>`), so that a change can be tried on these positions by the report.
fn params_from_env() -> SearchParams {
    let mut params = SearchParams::DEFAULT;
    if let Ok(list) = std::env::var("RENSA_PARAMS") {
        for item in list.split(',').filter(|i| !i.trim().is_empty()) {
            let (name, value) = item.split_once('=').expect("RENSA_PARAMS: name=value");
            let value = value
                .trim()
                .parse()
                .expect("RENSA_PARAMS: an integer value");
            params
                .set(name.trim(), value)
                .expect("RENSA_PARAMS: a known name in range");
        }
    }
    params
}

/// Rensa's node-limited search of the position (with the losing move played first when
/// `after_loss`, the opponent then to move).
fn search_at(loss: &Loss, after_loss: bool) -> SearchResult {
    let grid = Grid::from_ascii(&loss.board).expect("board");
    let mut b = Board::new(grid.width(), grid.height(), Rule::Freestyle);
    for p in grid.positions() {
        match grid.get(p) {
            Cell::Black => b.make(p, Color::Black),
            Cell::White => b.make(p, Color::White),
            _ => {}
        }
    }
    let mut to_move = loss.to_move;
    if after_loss {
        b.make(lost_cell(loss), to_move);
        to_move = to_move.opp();
    }
    let mut tt = Tt::new(TT_BYTES);
    tt.new_search();
    let nodes = std::env::var("LOSS_NODES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(NODES);
    let mut job = Job::new(&b, to_move, Limits::nodes(nodes), &tt);
    job.params = params_from_env();
    let r = job.run();
    assert!(
        rule::is_legal(b.grid(), r.best, to_move, Rule::Freestyle),
        "{}: illegal move {}",
        loss.name,
        r.best
    );
    r
}

/// Installs the weights file named by `RENSA_WEIGHTS`, if any, for every board built after it in
/// this process (the reports call it; run them apart from the checked test, as `--ignored` does).
fn weights_from_env() {
    if let Some(path) = std::env::var_os("RENSA_WEIGHTS").filter(|p| !p.is_empty()) {
        rensa::eval::weights::install_file(std::path::Path::new(&path)).expect("weights file");
    }
}

/// The cell of the move that lost the game (`lost: x,y`).
fn lost_cell(loss: &Loss) -> Pos {
    let (x, y) = loss.lost.split_once(',').expect("x,y");
    Pos::new(x.parse().unwrap(), y.parse().unwrap())
}

fn search(loss: &Loss) -> SearchResult {
    search_at(loss, false)
}

/// The data file is whole: every position parses, has the side to move its stone counts say,
/// and its losing move is an empty cell.
#[test]
fn the_data_file_is_consistent() {
    let all = losses();
    assert_eq!(all.len(), 57);
    for l in &all {
        let grid = Grid::from_ascii(&l.board).expect("board");
        let [x, o] = grid.stone_counts();
        let side = if x > o { Color::White } else { Color::Black };
        assert_eq!(side, l.to_move, "{}", l.name);
        assert_eq!(grid.get(lost_cell(l)), Cell::Empty, "{}", l.name);
        assert_ne!(l.lost, l.rapfi, "{}", l.name);
    }
}

/// Where Rensa has learnt better, it does not play the move that lost the game again.
#[test]
fn rensa_avoids_its_losing_moves() {
    let mut failed = Vec::new();
    for l in losses().iter().filter(|l| l.expect_avoid) {
        let r = search(l);
        if r.best.to_string() == l.lost {
            failed.push(format!(
                "{}: plays {} again (score {})",
                l.name, l.lost, r.score
            ));
        }
    }
    assert!(failed.is_empty(), "{failed:#?}");
}

/// Every position with Rensa's choice, for the developers (ignored: a report, not a check).
#[test]
#[ignore]
fn report() {
    weights_from_env();
    let mut again = 0;
    let all = losses();
    for l in &all {
        let r = search(l);
        let got = r.best.to_string();
        let verdict = if got == l.lost { "LOST AGAIN" } else { "other" };
        again += usize::from(got == l.lost);
        println!(
            "{} expect {} lost {} rapfi {} rensa {} score {} depth {} {verdict}",
            l.name,
            if l.expect_avoid { "avoid" } else { "open" },
            l.lost,
            l.rapfi,
            got,
            r.score,
            r.depth
        );
    }
    println!("{again} of {} losing moves played again", all.len());
}

/// The other side of the same positions, for the developers (ignored: a report): after the
/// losing move, the opponent's search, and whether it proves the win that the analyser proved
/// (`eval_after` a forced loss, `-M<n>`). A measure of how well the search sees forced wins.
#[test]
#[ignore]
fn attacker_report() {
    weights_from_env();
    let all = losses();
    let (mut proven, mut forced) = (0, 0);
    for l in &all {
        let r = search_at(l, true);
        let mate = l.eval_after.starts_with("-M");
        let won = r.score >= rensa::search::MATE_BOUND;
        forced += usize::from(mate);
        proven += usize::from(mate && won);
        println!(
            "{} analyser {} rensa {} score {} depth {}{}",
            l.name,
            l.eval_after,
            r.best,
            r.score,
            r.depth,
            if won { " PROVEN" } else { "" }
        );
    }
    println!("{proven} of the {forced} analyser-proven wins proven");
}
