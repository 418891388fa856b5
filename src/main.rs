fn main() {
    console_error_panic_hook::set_once();
    // Leptos's own executor starts with the mount, which waits for this.
    wasm_bindgen_futures::spawn_local(pyramid::app::start());
}
