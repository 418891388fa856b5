fn main() {
    console_error_panic_hook::set_once();
    leptos::task::spawn_local(pyramid::app::start());
}
