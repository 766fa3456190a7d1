//! Where finished games and results go: one SGF and one PSQ file per game (`-sgf DIR`,
//! `-psq DIR`) and the JSON lines file (`-json FILE`). Every line is written with one `write`
//! call as soon as it is known (the match line before the first game, a game line when the game
//! ends, the summary line at the end), so a run that crashes or is interrupted keeps every
//! finished game. Safe to share between worker threads.

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use anyhow::{Context, Result};

use crate::common::game::GameRecord;
use crate::runner::record::{self, GameJson, JsonLine};

/// The output files of a run.
#[derive(Debug, Default)]
pub struct Output {
    sgf_dir: Option<PathBuf>,
    psq_dir: Option<PathBuf>,
    json: Option<(PathBuf, Mutex<File>)>,
}

impl Output {
    /// Creates the SGF and PSQ directories and the JSON file (truncated) that are asked for.
    pub fn create(
        sgf_dir: Option<&Path>,
        psq_dir: Option<&Path>,
        json: Option<&Path>,
    ) -> Result<Output> {
        for d in [sgf_dir, psq_dir].into_iter().flatten() {
            std::fs::create_dir_all(d).with_context(|| format!("creating {}", d.display()))?;
        }
        let json = match json {
            Some(p) => {
                let f = File::create(p).with_context(|| format!("creating {}", p.display()))?;
                Some((p.to_path_buf(), Mutex::new(f)))
            }
            None => None,
        };
        Ok(Output {
            sgf_dir: sgf_dir.map(Path::to_path_buf),
            psq_dir: psq_dir.map(Path::to_path_buf),
            json,
        })
    }

    /// Writes one JSON line (nothing without `-json`).
    pub fn line(&self, line: &JsonLine) -> Result<()> {
        let Some((path, file)) = &self.json else {
            return Ok(());
        };
        let mut text = serde_json::to_string(line).context("encoding a JSON line")?;
        text.push('\n');
        let mut f = file.lock().unwrap_or_else(|e| e.into_inner());
        f.write_all(text.as_bytes())
            .and_then(|()| f.flush())
            .with_context(|| format!("writing {}", path.display()))
    }

    /// Writes a finished game: `<stem>.sgf`, `<stem>.psq` and its JSON line, as asked for.
    pub fn game(&self, stem: &str, rec: &GameRecord) -> Result<()> {
        if let Some(d) = &self.sgf_dir {
            let p = d.join(format!("{stem}.sgf"));
            std::fs::write(&p, record::to_sgf(rec))
                .with_context(|| format!("writing {}", p.display()))?;
        }
        if let Some(d) = &self.psq_dir {
            let p = d.join(format!("{stem}.psq"));
            std::fs::write(&p, record::to_psq(rec))
                .with_context(|| format!("writing {}", p.display()))?;
        }
        self.line(&JsonLine::Game(GameJson::of(rec)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::common::game::Reason;
    use crate::common::opening::Opening;
    use rensa::types::{Color, Rule};

    #[test]
    fn games_land_in_every_asked_format_one_json_line_each() {
        let dir = tempfile::tempdir().unwrap();
        let json = dir.path().join("r.jsonl");
        let sgf = dir.path().join("sgf");
        let out = Output::create(Some(&sgf), None, Some(&json)).unwrap();
        let rec = GameRecord {
            id: 1,
            black: "a".into(),
            white: "b".into(),
            size: 9,
            rule: Rule::Freestyle,
            opening: Opening { moves: vec![] },
            moves: vec![((4, 4), 3)],
            winner: Some(Color::Black),
            reason: Reason::Five,
            detail: "five at 4,4".into(),
            peak_memory: [0; 2],
            over_limit: [0; 2],
        };
        out.game("game-00001", &rec).unwrap();
        out.game("game-00002", &GameRecord { id: 2, ..rec })
            .unwrap();
        let text = std::fs::read_to_string(&json).unwrap();
        let ids: Vec<u64> = text
            .lines()
            .map(|l| {
                serde_json::from_str::<serde_json::Value>(l).unwrap()["id"]
                    .as_u64()
                    .unwrap()
            })
            .collect();
        assert_eq!(ids, [1, 2]);
        assert!(sgf.join("game-00002.sgf").exists());
    }
}
