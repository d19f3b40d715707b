//! Checkpoints of a solve under way: the layers finished and every value so far,
//! saved now and then so that a long solve resumes where it stopped. A checkpoint
//! names the rules and the number of positions it was made for; another is ignored.

use std::fs;
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use crate::board::Board;
use crate::error::SolveError;
use crate::graph::Graph;

const MAGIC: &[u8; 8] = b"ASHTACKP";
/// How often a checkpoint is written at most.
const EVERY: Duration = Duration::from_secs(60);

/// A checkpoint file.
#[derive(Debug)]
pub struct Checkpoint {
    path: PathBuf,
    header: Vec<u8>,
    last: Instant,
}

impl Checkpoint {
    /// The checkpoint of this solve at `path`.
    pub fn new(path: PathBuf, board: &Board, graph: &Graph) -> Checkpoint {
        let mut header = MAGIC.to_vec();
        let rules = format!("{:?}", board.variant().rules());
        header.extend((rules.len() as u32).to_le_bytes());
        header.extend(rules.as_bytes());
        header.extend((graph.len() as u64).to_le_bytes());
        Checkpoint {
            path,
            header,
            last: Instant::now(),
        }
    }

    /// Whether it is time to save again.
    pub fn due(&self) -> bool {
        self.last.elapsed() >= EVERY
    }

    /// The layers finished and the values saved, if a checkpoint of this solve exists.
    #[allow(clippy::type_complexity)]
    pub fn load(&self) -> Result<Option<(usize, Vec<f64>, Vec<f64>)>, SolveError> {
        let Ok(bytes) = fs::read(&self.path) else {
            return Ok(None);
        };
        let Some(rest) = bytes.strip_prefix(self.header.as_slice()) else {
            return Ok(None);
        };
        if rest.len() < 8 {
            return Ok(None);
        }
        let done = u64::from_le_bytes(rest[..8].try_into().expect("8 bytes")) as usize;
        let values: Vec<f64> = rest[8..]
            .chunks_exact(8)
            .map(|c| f64::from_le_bytes(c.try_into().expect("8 bytes")))
            .collect();
        if !values.len().is_multiple_of(2) {
            return Ok(None);
        }
        let (w, d) = values.split_at(values.len() / 2);
        Ok(Some((done, w.to_vec(), d.to_vec())))
    }

    /// Saves the values with `done` layers finished (written beside, then renamed, so
    /// a solve stopped while saving keeps its last checkpoint).
    pub fn save(&mut self, done: usize, win: &[f64], draw: &[f64]) -> Result<(), SolveError> {
        let io = |error| SolveError::Io {
            path: self.path.clone(),
            error,
        };
        let tmp = self.path.with_extension("tmp");
        let mut out = std::io::BufWriter::new(fs::File::create(&tmp).map_err(io)?);
        out.write_all(&self.header).map_err(io)?;
        out.write_all(&(done as u64).to_le_bytes()).map_err(io)?;
        for x in win.iter().chain(draw) {
            out.write_all(&x.to_le_bytes()).map_err(io)?;
        }
        out.flush().map_err(io)?;
        drop(out);
        fs::rename(&tmp, &self.path).map_err(io)?;
        self.last = Instant::now();
        Ok(())
    }
}
