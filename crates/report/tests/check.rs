//! The check of Knuth's figures stops at once on its cancel flag and says where it was (the
//! whole check runs in CI, `dlx check`, in a release build).

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use report::check::{check, CheckError, INTRO};

#[test]
fn a_cancelled_check_says_where_it_stopped() {
    let mut out = Vec::new();
    let cancel = Arc::new(AtomicBool::new(true));
    match check(&mut out, cancel) {
        Err(CheckError::Cancelled(during)) => {
            assert_eq!(
                during,
                "during knuth_example_dlx1.dlx, after 0 of 44 instances agreed with dlx1"
            );
        }
        other => panic!("{other:?}"),
    }
    let text = String::from_utf8(out).unwrap();
    assert!(text.starts_with(INTRO), "{text}");
}
