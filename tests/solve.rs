//! `pbrain-rensa solve` (src/solve): the input formats and their errors, and the proofs checked
//! on the referee's rules (`board::rule`): every winning line is replayed move by move (legal,
//! ending in a five), every listed defence is searched again with more nodes. The positions are
//! the tactical suite's (`tests/data/puzzles*.txt`, pos strings). Node-limited throughout.

use rensa::board::{rule, Board, Pos};
use rensa::search::{self, ProofKind, ThreadData};
use rensa::solve::input::{self, Position, Setup};
use rensa::solve::{self, Options, Solution};
use rensa::{Color, Rule};

const PUZZLES: [(&str, Rule); 5] = [
    (include_str!("data/puzzles.txt"), Rule::Freestyle),
    (include_str!("data/puzzles-standard.txt"), Rule::Standard),
    (include_str!("data/puzzles-renju.txt"), Rule::Renju),
    (include_str!("data/puzzles-caro.txt"), Rule::Caro),
    (include_str!("data/puzzles-caro8.txt"), Rule::CaroOverline),
];

fn setup(rule: Rule) -> Setup {
    Setup {
        width: 15,
        height: 15,
        rule,
    }
}

/// The one position of `text` (a pos string, PSQ or SGF).
fn position(text: &str, rule: Rule) -> Position {
    let records = input::read(text, setup(rule));
    assert_eq!(records.len(), 1, "{text:?}");
    records.into_iter().next().unwrap().position.expect(text)
}

/// The error of the one position of `text`.
fn error(text: &str) -> String {
    let records = input::read(text, setup(Rule::Freestyle));
    assert_eq!(records.len(), 1, "{text:?}");
    records[0].position.as_ref().expect_err(text).clone()
}

fn solved(pos: &str, rule: Rule, nodes: u64) -> (Position, Solution) {
    let p = position(pos, rule);
    let s = solve::solve(&p.board, p.to_move, nodes, true, &mut ThreadData::new());
    (p, s)
}

/// What `solve` writes for `text` (stdin), and its totals.
fn run(rule: Rule, nodes: u64, json: bool, text: &str) -> (solve::Summary, String) {
    let options = Options {
        setup: setup(rule),
        nodes,
        json,
        moves: false,
        file: "-".to_string(),
    };
    let mut out = Vec::new();
    let summary = solve::run(&options, text, &mut out).unwrap();
    (summary, String::from_utf8(out).unwrap())
}

fn names(line: &[Pos]) -> Vec<String> {
    line.iter().map(|p| p.to_string()).collect()
}

/// Replays the winning `line` of `us` on the referee's rules: every move legal for the side
/// whose turn it is, no five before the last move; returns whether the last move makes a five.
/// A VCF line: every attacker move but the last leaves a cell where it would make five.
fn replay(board: &Board, us: Color, line: &[Pos], kind: ProofKind) -> bool {
    let mut b = board.clone();
    let mut side = us;
    let rule = b.rule();
    for (i, &p) in line.iter().enumerate() {
        assert!(
            rule::is_legal(b.grid(), p, side, rule),
            "move {i} {p} illegal for {side:?} in {:?}",
            names(line)
        );
        b.make(p, side);
        let five = rule::is_five(b.grid(), p, side, rule);
        if five {
            assert_eq!(
                i + 1,
                line.len(),
                "a five before the end: {:?}",
                names(line)
            );
            assert_eq!(side, us, "the defender made five: {:?}", names(line));
            return true;
        }
        if kind == ProofKind::Vcf && side == us {
            assert!(
                b.grid()
                    .positions()
                    .any(|q| b.is_empty(q) && rule::is_five(b.grid(), q, us, rule)),
                "VCF move {i} {p} is no four: {:?}",
                names(line)
            );
        }
        side = side.opp();
    }
    false
}

/// Checks a proof's line: it ends in a five after `plies` plies, or it stops short (renju
/// Black, to move, cannot block the attacker's five: its cell is a foul).
fn check_win(board: &Board, us: Color, proof: &search::Proof) {
    let kind = proof.kind.expect("a win");
    if replay(board, us, &proof.line, kind) {
        assert_eq!(proof.line.len(), proof.plies, "{:?}", names(&proof.line));
        return;
    }
    assert!(proof.line.len() < proof.plies);
    let mut b = board.clone();
    let mut side = us;
    for &p in &proof.line {
        b.make(p, side);
        side = side.opp();
    }
    assert_eq!(
        (b.rule(), side),
        (Rule::Renju, Color::Black),
        "a line short of its five: {:?}",
        names(&proof.line)
    );
    let fives: Vec<Pos> = b
        .grid()
        .positions()
        .filter(|&q| b.is_empty(q) && rule::is_five(b.grid(), q, us, b.rule()))
        .collect();
    assert!(!fives.is_empty());
    assert!(fives
        .iter()
        .all(|&q| !rule::is_legal(b.grid(), q, Color::Black, Rule::Renju)));
}

/// The positions of a puzzle file as pos strings.
fn puzzles(text: &str) -> Vec<&str> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect()
}

// ---- Proofs ----

#[test]
fn vcf_line_ends_in_a_five() {
    // vcf_freestyle_black_15_fours of tests/data/vcf.txt.
    let text = include_str!("data/puzzles.txt");
    let pos = text
        .lines()
        .skip_while(|l| *l != "# vcf_freestyle_black_15_fours")
        .nth(1)
        .unwrap();
    let (p, s) = solved(pos, Rule::Freestyle, 200_000);
    assert_eq!(s.proof.kind, Some(ProofKind::Vcf));
    assert!(replay(&p.board, p.to_move, &s.proof.line, ProofKind::Vcf));
    assert!(s.proof.plies >= 2 * 15 - 1, "{}", s.proof.plies);
    assert!(s.threat.is_none());
}

#[test]
fn vct_line_ends_in_a_five() {
    // vct_four_four_then_open_three of tests/tactics.rs: no VCF, a VCT of 21 plies.
    let (p, s) = solved("i6h5e7f6g7g6g8i7e10j10e11k11", Rule::Freestyle, 200_000);
    assert_eq!(s.proof.kind, Some(ProofKind::Vct));
    assert_eq!(p.to_move, Color::Black);
    assert!(replay(&p.board, p.to_move, &s.proof.line, ProofKind::Vct));
    assert_eq!(s.proof.line.len(), s.proof.plies);
}

#[test]
fn quiet_position_has_no_win_and_no_threat() {
    let (p, s) = solved("h8i9j7", Rule::Freestyle, 100_000);
    assert_eq!(p.to_move, Color::White);
    assert_eq!(s.proof.kind, None);
    assert!(!s.proof.exhausted, "every threat count searched");
    assert!(s.threat.is_none());
}

#[test]
fn defences_against_an_open_three_hold() {
    // White's open three g8 h8 i8 in the open; Black's stones are far away. Only the cells
    // next to it hold: after a far block (e8, k8) White makes an open four on the other side.
    let (p, s) = solved("b2g8b14h8n2i8", Rule::Freestyle, 100_000);
    assert_eq!(p.to_move, Color::Black);
    assert_eq!(s.proof.kind, None);
    let t = s.threat.as_ref().expect("White wins after a pass");
    check_win(&p.board, Color::White, &t.proof);
    let defences: Vec<String> = t
        .defences
        .iter()
        .map(|q| rensa::board::notation::cell_name(q.x(), q.y()))
        .collect();
    assert_eq!(defences, ["f8", "j8"]);
    let mut data = ThreadData::new();
    for &d in &t.defences {
        let mut b = p.board.clone();
        b.make(d, Color::Black);
        let after = search::prove(&b, Color::White, 1_000_000, &mut data);
        assert_eq!(after.kind, None, "{d} does not hold");
        assert!(!after.exhausted, "{d}: the search ran out of nodes");
    }
    for far in [Pos::new(4, 7), Pos::new(10, 7)] {
        let mut b = p.board.clone();
        b.make(far, Color::Black);
        let after = search::prove(&b, Color::White, 100_000, &mut data);
        assert_eq!(after.kind, Some(ProofKind::Vcf), "{far} holds");
    }
}

#[test]
fn no_defence_against_an_open_four() {
    // Black's open four h8-k8 with White to move.
    let (_, s) = solved("h8h9i8i9j8j9k8", Rule::Freestyle, 100_000);
    let t = s.threat.as_ref().expect("Black wins after a pass");
    assert!(t.defences.is_empty());
    assert!(t.tried > 0);
}

#[test]
fn renju_black_does_not_win_through_a_double_three() {
    // double_three_wins_in_freestyle of tests/tactics.rs: h8 makes two open threes.
    let pos = "h6b2h7m3f8c13g8m13";
    let (p, s) = solved(pos, Rule::Freestyle, 100_000);
    assert_eq!(s.proof.kind, Some(ProofKind::Vct));
    assert_eq!(s.proof.line[0], Pos::new(7, 7));
    check_win(&p.board, p.to_move, &s.proof);
    // Renju: h8 is a foul for Black; whatever is found plays only legal moves.
    let (p, s) = solved(pos, Rule::Renju, 100_000);
    assert_eq!(p.to_move, Color::Black);
    assert!(!rule::is_legal(
        p.board.grid(),
        Pos::new(7, 7),
        Color::Black,
        Rule::Renju
    ));
    if s.proof.kind.is_some() {
        check_win(&p.board, p.to_move, &s.proof);
    }
}

#[test]
fn renju_overline_is_no_win_for_black() {
    // renju_black_avoids_an_overline: f2 would make c2-h2, six in a row: a win in freestyle,
    // a foul in renju, where White's four on column k is the threat.
    let pos = "c2b2d2i2e2k6g2k7h2k8";
    let (_, s) = solved(pos, Rule::Freestyle, 100_000);
    assert_eq!(s.proof.kind, Some(ProofKind::Vcf));
    assert_eq!(names(&s.proof.line), ["5,1"]);
    let (p, s) = solved(pos, Rule::Renju, 100_000);
    assert_eq!(s.proof.kind, None);
    let t = s.threat.as_ref().expect("White's four on column k");
    for &d in &t.defences {
        assert!(rule::is_legal(p.board.grid(), d, Color::Black, Rule::Renju));
    }
    assert!(!t.defences.contains(&Pos::new(5, 1)), "f2 is a foul");
}

#[test]
fn renju_white_four_on_a_forbidden_point() {
    // renju_white_four_onto_a_double_three_point: White's four g7 is completed only on a
    // double-three point of Black's, which Black cannot take; the line stops there.
    let (p, s) = solved("c3d4h6e5h7f6f8m13g8", Rule::Renju, 100_000);
    assert_eq!(p.to_move, Color::White);
    assert_eq!(s.proof.kind, Some(ProofKind::Vcf));
    assert_eq!(s.proof.plies, 3);
    check_win(&p.board, p.to_move, &s.proof);
}

#[test]
fn caro_vct_is_not_claimed() {
    // The double three of double_three_wins_in_freestyle: no VCF, and VCT is off in caro.
    let (summary, text) = run(Rule::Caro, 50_000, false, "h6b2h7m3f8c13g8m13\n");
    assert_eq!((summary.positions, summary.vcf, summary.vct), (1, 0, 0));
    assert!(text.contains("caro: VCT not supported"), "{text}");
    let (_, s) = solved("h6b2h7m3f8c13g8m13", Rule::Caro, 50_000);
    assert_eq!((s.proof.kind, s.proof.threats), (None, 0));
}

/// Every position of the puzzle files: each claimed win (ours, or the opponent's after a pass)
/// replays to a five on the rules, each defence is a legal move.
#[test]
fn puzzle_wins_replay_to_a_five() {
    let mut data = ThreadData::new();
    let (mut wins, mut threats) = (0, 0);
    for (text, rule) in PUZZLES {
        for pos in puzzles(text) {
            let p = position(pos, rule);
            let s = solve::solve(&p.board, p.to_move, 50_000, true, &mut data);
            if s.proof.kind.is_some() {
                check_win(&p.board, p.to_move, &s.proof);
                wins += 1;
            }
            if let Some(t) = &s.threat {
                check_win(&p.board, p.to_move.opp(), &t.proof);
                for &d in &t.defences {
                    assert!(rule::is_legal(p.board.grid(), d, p.to_move, rule));
                }
                threats += 1;
            }
        }
    }
    assert!(
        wins >= 50 && threats >= 20,
        "{wins} wins, {threats} threats"
    );
}

#[test]
fn proofs_are_reproducible() {
    let p = position("i6h5e7f6g7g6g8i7e10j10e11k11", Rule::Freestyle);
    let mut data = ThreadData::new();
    let a = search::prove(&p.board, p.to_move, 3_000, &mut data);
    let b = search::prove(&p.board, p.to_move, 3_000, &mut ThreadData::new());
    assert_eq!(a, b);
    assert!(a.nodes <= 3_000);
}

// ---- Input ----

#[test]
fn pos_strings_set_up_stones_in_move_order() {
    let p = position("h8i9j7", Rule::Freestyle);
    assert_eq!(p.to_move, Color::White);
    assert_eq!(
        p.board.history(),
        &[
            (Pos::new(7, 7), Color::Black),
            (Pos::new(8, 8), Color::White),
            (Pos::new(9, 6), Color::Black)
        ]
    );
    assert_eq!(position("H8I9", Rule::Freestyle).to_move, Color::Black);
    let wide = input::read(
        "t20",
        Setup {
            width: 20,
            height: 20,
            rule: Rule::Freestyle,
        },
    );
    assert_eq!(
        wide[0].position.as_ref().unwrap().board.history()[0].0,
        Pos::new(19, 19)
    );
}

#[test]
fn psq_files_are_one_based_and_sized_by_their_header() {
    let psq = "Piskvorky 20x20, 11:11, 0\r\n8,8,0\r\n9,9,120\r\n10,8,12\r\npbrain-a.exe\r\npbrain-b.exe\r\n-1\r\n";
    let p = position(psq, Rule::Freestyle);
    assert_eq!((p.board.width(), p.board.height()), (20, 20));
    assert_eq!(p.to_move, Color::White);
    let cells: Vec<Pos> = p.board.history().iter().map(|&(q, _)| q).collect();
    assert_eq!(cells, [Pos::new(7, 7), Pos::new(8, 8), Pos::new(9, 7)]);
    assert!(error("Piskvorky big, 11:11, 0\n8,8,0\n").contains("board size"));
    assert!(error("Piskvorky 15x15, 11:11, 0\n0,8,0\n").contains("off the board"));
}

#[test]
fn sgf_games_follow_the_main_line() {
    let sgf =
        "(;GM[4]FF[4]SZ[15]PB[a \\] b]AB[aa][ab]AW[ba]\n;W[hh];B[ih]\n(;W[ii];B[jj])(;W[oo]))";
    let p = position(sgf, Rule::Freestyle);
    let cells: Vec<Pos> = p.board.history().iter().map(|&(q, _)| q).collect();
    assert_eq!(
        cells,
        [
            Pos::new(0, 0),
            Pos::new(0, 1),
            Pos::new(1, 0),
            Pos::new(7, 7),
            Pos::new(8, 7),
            Pos::new(8, 8),
            Pos::new(9, 9)
        ]
    );
    assert_eq!(p.to_move, Color::White);
    // Two games on one line, a rectangular size.
    let records = input::read(
        "(;GM[4]SZ[20:10];B[sf])(;B[hh];W[ii])\n",
        setup(Rule::Freestyle),
    );
    assert_eq!(records.len(), 2);
    let b = &records[0].position.as_ref().unwrap().board;
    assert_eq!((b.width(), b.height()), (20, 10));
    assert_eq!(records[1].input, "h8i9");
    assert!(error("(;GM[1];B[aa])").contains("GM[1]"));
    assert!(error("(;B[hh];W[])").contains("pass"));
    assert!(error("(;B[hh];B[ii])").contains("no side to move"));
    assert!(error("(;B[hh];W[ii]").contains("unterminated"));
    assert!(error("(;B[h];W[ii])").contains("bad point"));
}

#[test]
fn malformed_positions_are_reported_and_the_rest_solved() {
    let text = "# a comment\n\nh8i9\nh8h8\nh8p1\nzz\nh8a1i8a2j8a3k8a4l8\n8h\n(;B[hh]) junk\n";
    let records = input::read(text, setup(Rule::Freestyle));
    let errors: Vec<Option<String>> = records
        .iter()
        .map(|r| r.position.as_ref().err().cloned())
        .collect();
    assert_eq!(records.len(), 8);
    assert!(errors[0].is_none());
    assert!(errors[1].as_deref().unwrap().contains("twice"));
    assert!(errors[2]
        .as_deref()
        .unwrap()
        .contains("off the 15x15 board"));
    assert!(errors[3].as_deref().unwrap().contains("row number"));
    assert!(errors[4].as_deref().unwrap().contains("game already over"));
    assert!(errors[5].as_deref().unwrap().contains("column letter"));
    assert!(errors[6].is_none(), "the SGF game");
    assert!(errors[7].is_some(), "the junk after it");
    let (summary, out) = run(Rule::Freestyle, 20_000, true, text);
    assert_eq!((summary.positions, summary.errors), (8, 6));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 8);
    assert!(
        lines[0].starts_with(
            r#"{"index":1,"input":"h8i9","rule":"freestyle","to_move":"black","result":"none""#
        ),
        "{}",
        lines[0]
    );
    assert_eq!(
        lines[1],
        r#"{"index":2,"input":"h8h8","result":"error","error":"h8 is played twice"}"#
    );
    // Quotes and backslashes in the input are escaped.
    let (_, out) = run(Rule::Freestyle, 20_000, true, "h8\"\\\n");
    assert!(out.starts_with(r#"{"index":1,"input":"h8\"\\","result":"error","error":"expected a column letter at \"\\\"\\\\\""}"#), "{out}");
}

#[test]
fn options_are_read_and_checked() {
    let args = |s: &str| -> Vec<String> { s.split_whitespace().map(String::from).collect() };
    let o =
        solve::parse_options(&args("-rule 4 -size 20x18 -nodes 5_000 -json puzzles.txt")).unwrap();
    assert_eq!(
        (o.setup.rule, o.setup.width, o.setup.height),
        (Rule::Renju, 20, 18)
    );
    assert_eq!(
        (o.nodes, o.json, o.file.as_str()),
        (5_000, true, "puzzles.txt")
    );
    let o = solve::parse_options(&args("-")).unwrap();
    assert_eq!(
        (o.setup.rule, o.setup.width, o.nodes),
        (Rule::Freestyle, 15, solve::DEFAULT_NODES)
    );
    for bad in [
        "",
        "-rule 3 -",
        "-size 40 -",
        "-nodes 0 -",
        "-rule",
        "-x -",
        "a b",
    ] {
        assert!(solve::parse_options(&args(bad)).is_err(), "{bad:?}");
    }
}

/// `-moves`: each input is a game, solved after each of its stones up to the five that ends it,
/// for the side to move only; the first position won by force follows the move that allowed it.
#[test]
fn a_game_is_solved_after_each_stone() {
    // Black's open three h8 i8 j8 stands after five stones; White plays on the edge.
    let game = "h8a1i8a2j8a3k8a4l8";
    let records = input::read_moves(game, setup(Rule::Freestyle));
    assert_eq!(
        records.len(),
        8,
        "the ninth stone makes five: the game's end, not solved"
    );
    assert_eq!(records[0].input, "h8");
    assert_eq!(records[7].input, "h8a1i8a2j8a3k8a4");
    let options = Options {
        setup: setup(Rule::Freestyle),
        nodes: 20_000,
        json: false,
        moves: true,
        file: "-".to_string(),
    };
    let mut out = Vec::new();
    let summary = solve::run(&options, game, &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert_eq!((summary.positions, summary.errors), (8, 0));
    let first = out.lines().find(|l| l.contains(" wins ")).expect(&out);
    assert!(
        first.starts_with("#6 h8a1i8a2j8a3: black wins by VCF"),
        "{first}"
    );
    assert!(!out.contains("after a pass"), "{out}");
    // A game that cannot go on: the positions before the bad stone, then its error.
    let records = input::read_moves("h8i9h8j9", setup(Rule::Freestyle));
    let errors: Vec<Option<&String>> = records.iter().map(|r| r.position.as_ref().err()).collect();
    assert_eq!(records.len(), 3);
    assert!(errors[0].is_none() && errors[1].is_none());
    assert!(errors[2].unwrap().contains("twice"));
    // The whole second game is one error: its pos string does not parse.
    let records = input::read_moves("h8i9\nzz", setup(Rule::Freestyle));
    assert_eq!(records.len(), 3);
    assert!(records[2].position.as_ref().is_err());
}
