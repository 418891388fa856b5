//! Giving the main thread back to the browser between the steps of a
//! longer piece of work (the start-up), so that it can paint and take
//! input in between.

use std::time::Duration;

/// Runs `then` in a task of its own, after the browser has had the main
/// thread back (a zero-delay timeout: input, and a frame that is due, run
/// first). A resolved promise would not do: it continues in the same task.
pub(crate) fn next_task(then: impl FnOnce() + 'static) {
    leptos::prelude::set_timeout(then, Duration::ZERO);
}

/// Resolves in a task after the browser's next frame, so whatever is in
/// the document now has been painted.
pub(crate) async fn after_next_paint() {
    let (done, wait) = futures_channel::oneshot::channel();
    leptos::prelude::request_animation_frame(move || {
        next_task(move || {
            let _ = done.send(());
        });
    });
    let _ = wait.await;
}

/// Resolves after `duration`, in a task of its own (the page's tests wait
/// with it for timers and the worker).
pub async fn sleep(duration: Duration) {
    let (done, wait) = futures_channel::oneshot::channel();
    leptos::prelude::set_timeout(
        move || {
            let _ = done.send(());
        },
        duration,
    );
    let _ = wait.await;
}
