//! The records and lines written the same whichever way a search ran.

use std::ops::ControlFlow;

use dlx::zdd::Zdd;
use report::SolutionWriter;

/// A problem's solutions and its ZDD's are written alike: the options' lines with a blank line
/// between solutions, or a JSON line each; a ZDD without its options' text, a line of numbers
/// each.
#[test]
fn solutions_are_written_alike_from_a_search_and_from_its_zdd() {
    let problem = dlx::text::parse("a b c\na b\nc\na\nb c\n").unwrap().problem;
    let zdd = problem.memo().run().into_zdd().unwrap();
    let (mut searched, mut read) = ([Vec::new(), Vec::new()], [Vec::new(), Vec::new()]);
    for (k, json) in [false, true].into_iter().enumerate() {
        let (mut a, mut b) = (SolutionWriter::new(json), SolutionWriter::new(json));
        problem.solver().search(|s| {
            a.write(&problem, s.options(), &mut searched[k]).unwrap();
            ControlFlow::Continue(())
        });
        for solution in zdd.solutions() {
            b.write_zdd(&zdd, &solution, &mut read[k]).unwrap();
        }
        assert_eq!((a.written, b.written), (2, 2));
    }
    let text = String::from_utf8(searched[0].clone()).unwrap();
    assert_eq!(text, "a b\nc\n\na\nb c\n");
    assert_eq!(searched, read);
    // The ZDD file without its `#o` lines: the numbers of the options, a line each.
    let mut file = Vec::new();
    zdd.write(&mut file).unwrap();
    let file = String::from_utf8(file).unwrap();
    let nodes: String = file
        .lines()
        .filter(|l| !l.starts_with("#o"))
        .map(|l| format!("{l}\n"))
        .collect();
    let unlabelled = Zdd::read(nodes.as_bytes()).unwrap();
    let (mut bare, mut w) = (Vec::new(), SolutionWriter::new(false));
    for solution in unlabelled.solutions() {
        w.write_zdd(&unlabelled, &solution, &mut bare).unwrap();
    }
    let lines: Vec<String> = zdd
        .solutions()
        .map(|s| s.iter().map(u32::to_string).collect::<Vec<_>>().join(" ") + "\n")
        .collect();
    assert_eq!(String::from_utf8(bare).unwrap(), lines.concat());
}
