//! Counts one instance with the peer only, for instruction counts under callgrind:
//! `valgrind --tool=callgrind target/release/examples/peer_only FILE`.

#[path = "../benches/support/peer.rs"]
mod peer;

fn main() {
    let file = std::env::args().nth(1).expect("an instance file name");
    let mut p = peer::peer_problem(&dlx_benches::instance(&file));
    println!("{:?}", peer::peer_count(&mut p));
}
