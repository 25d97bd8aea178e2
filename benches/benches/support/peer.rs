//! The `dlx` crate from crates.io (0.8.5, default features) as a peer: read Knuth's format, count.
//! Shared by the engine bench and the agreement test (`#[path]`-included by both; a subfolder, so cargo does not take it for a bench).

use dlx_benches::Counts;

/// A problem built by the peer crate, ready to search.
pub struct PeerProblem(dlx_peer::x::Problem);

/// Builds the peer's problem from text in Knuth's format.
pub fn peer_problem(text: &str) -> PeerProblem {
    let spec = dlx_peer::Spec::new(text, false).expect("peer reads the file");
    PeerProblem(
        dlx_peer::x::Problem::from_spec(&spec, dlx_peer::OptOrder::Seq).expect("peer builds"),
    )
}

/// The peer (`dlx` 0.8.5): counts all solutions with its MRV chooser (leftmost on ties, as ours).
///
/// Its problem is left in its initial state when the search is exhausted, so the same
/// [`PeerProblem`] can be searched again.
pub fn peer_count(problem: &mut PeerProblem) -> Counts {
    count_with_mrv(&mut problem.0)
}

/// Any of the peer's solvers (`x`, `c`, `mc`) with its MRV chooser: solutions, nodes (the
/// levels its profile counts, plus one per solution, as Knuth counts them) and its updates.
fn count_with_mrv<P: dlx_peer::Solve>(problem: &mut P) -> Counts {
    use dlx_peer::choose::{mrv_chooser, no_tiebreak, prefer_any};
    let mut chooser = mrv_chooser(prefer_any(), no_tiebreak::<P>());
    let mut solver = dlx_peer::Solver::new(problem);
    let mut solutions = 0;
    while solver.next_solution(&mut chooser) {
        solutions += 1;
    }
    let levels: usize = solver.get_profile().iter().sum();
    Counts {
        solutions,
        nodes: levels as u64 + solutions,
        updates: solver.get_updates() as u64,
    }
}

/// A problem with colors built by the peer crate (its `c` module), ready to search.
#[allow(dead_code)] // the includers that time only plain problems do not use it
pub struct PeerColored(dlx_peer::c::Problem);

/// Builds the peer's colored problem from text in Knuth's format.
#[allow(dead_code)] // as above
pub fn peer_colored(text: &str) -> PeerColored {
    let spec = dlx_peer::Spec::new(text, false).expect("peer reads the file");
    PeerColored(dlx_peer::c::Problem::from_spec(&spec).expect("peer builds"))
}

/// The peer's `c` solver: counts all solutions with its MRV chooser (leftmost on ties).
/// Nodes as for [`peer_count`]; its updates follow its own definitions.
#[allow(dead_code)] // as above
pub fn peer_count_colored(problem: &mut PeerColored) -> Counts {
    count_with_mrv(&mut problem.0)
}

/// A problem with bounds (and colors) built by the peer crate (its `mc` module).
#[allow(dead_code)] // as above
pub struct PeerBounded(dlx_peer::mc::Problem);

/// Builds the peer's bounded problem from text in Knuth's format.
#[allow(dead_code)] // as above
pub fn peer_bounded(text: &str) -> PeerBounded {
    let spec = dlx_peer::Spec::new(text, false).expect("peer reads the file");
    PeerBounded(dlx_peer::mc::Problem::from_spec(&spec).expect("peer builds"))
}

/// The peer's `mc` solver: counts all solutions with its MRV chooser.
#[allow(dead_code)] // as above
pub fn peer_count_bounded(problem: &mut PeerBounded) -> u64 {
    count_with_mrv(&mut problem.0).solutions
}
