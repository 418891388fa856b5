//! The page's wasm keeps the linker's relocations when it is to be split
//! (feature `split`, which index.html turns on): scripts/wasm-split.mjs
//! needs them to find what each part of the page calls. Only the page's
//! binary: binaryen cannot optimise a module that still has them, and the
//! solver's worker is not split.
fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    let wasm = std::env::var("CARGO_CFG_TARGET_ARCH").is_ok_and(|arch| arch == "wasm32");
    if wasm && std::env::var_os("CARGO_FEATURE_SPLIT").is_some() {
        println!("cargo::rustc-link-arg-bin=pyramid=--emit-relocs");
    }
}
