//! CaDiCaL's C++ compiled as four unity sources, each including a fourth of its files, instead
//! of one object per file as the published crate's build script does: every file of CaDiCaL
//! includes the same large headers (`internal.hpp` and the standard library behind it), so
//! parsing them was most of the build. The same flags and defines as the published build.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Unity sources: enough for four cores, few enough that the headers are parsed four times.
const GROUPS: usize = 4;

/// Files whose file-local names clash with another's: each pair is kept in different groups
/// (checked below, so that a new version of CaDiCaL cannot silently break the grouping).
const APART: [(&str, &str); 3] = [
    ("compact.cpp", "internal.cpp"),
    ("checker.cpp", "lratbuilder.cpp"),
    ("lookahead.cpp", "probe.cpp"),
];

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap());
    let mut build = cc::Build::new();
    build
        .cpp(true)
        .std("c++17")
        .warnings(false)
        .define("NBUILD", None)
        .define("NUNLOCKED", None)
        .define("NTRACING", None)
        .define("QUIET", None)
        .include(root.join("cadical/src"));

    let version = std::fs::read_to_string(root.join("cadical/VERSION"));
    let version = version.expect("missing cadical/VERSION");
    build.define("VERSION", format!("\"{}\"", version.trim()).as_str());

    // Assertions only for debug builds with the debug feature, as the published crate.
    if std::env::var("PROFILE").unwrap() == "debug"
        && std::env::var("CARGO_FEATURE_CPP_DEBUG").is_ok()
    {
        build.debug(true);
    } else {
        // `-O3` wherever the Rust is optimised (the published crate's choice for every build);
        // `-O1` in the builds whose Rust is not (`cargo build`, `cargo test`: `OPT_LEVEL` 0), as
        // `cc` would choose a level from the profile for any other C: the C++ compiles in 60%
        // of the CPU time, and the tests' proofs are small.
        let level = if std::env::var("OPT_LEVEL").unwrap() == "0" { 1 } else { 3 };
        build.debug(false).opt_level(level).define("NDEBUG", None);
    }

    // The library's sources (not the two front ends, nor the C interface it replaces with its
    // own), in a fixed order, then the crate's C interface.
    let excluded = ["ccadical.cpp", "cadical.cpp", "mobical.cpp"];
    let mut files: Vec<PathBuf> = std::fs::read_dir(root.join("cadical/src"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| {
            let name = path.file_name().unwrap().to_str().unwrap();
            name.ends_with(".cpp") && !excluded.contains(&name)
        })
        .collect();
    files.sort();
    files.push(root.join("src/ccadical.cpp"));

    let group_of = |name: &str| {
        let k = files.iter().position(|f| f.file_name().unwrap() == name);
        k.map(|k| k % GROUPS)
    };
    for (a, b) in APART {
        let (ga, gb) = (group_of(a), group_of(b));
        assert!(
            ga.is_none() || ga != gb,
            "{} and {} would share a unity source",
            a,
            b
        );
    }

    for g in 0..GROUPS {
        let mut text = String::new();
        for file in files.iter().skip(g).step_by(GROUPS) {
            writeln!(text, "#include \"{}\"", file.display()).unwrap();
        }
        let unity = out.join(format!("cadical_unity_{}.cpp", g));
        write_if_changed(&unity, &text);
        build.file(unity);
    }
    for file in &files {
        println!("cargo:rerun-if-changed={}", file.display());
    }
    println!("cargo:rerun-if-changed=cadical/src");

    println!("cargo:rerun-if-env-changed=CC");
    println!("cargo:rerun-if-env-changed=CFLAGS");
    println!("cargo:rerun-if-env-changed=CXX");
    println!("cargo:rerun-if-env-changed=CXXFLAGS");
    println!("cargo:rerun-if-env-changed=CXXSTDLIB");

    // As the published crate: clang links libc++.
    if build.get_compiler().is_like_clang() {
        build.cpp_set_stdlib("c++");
    }

    build.compile("ccadical");
}

/// Writes `text` to `path` unless it holds it already (an unchanged source is not rebuilt).
fn write_if_changed(path: &Path, text: &str) {
    if std::fs::read_to_string(path).ok().as_deref() != Some(text) {
        std::fs::write(path, text).unwrap();
    }
}
