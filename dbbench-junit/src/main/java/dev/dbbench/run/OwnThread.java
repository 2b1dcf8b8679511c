package dev.dbbench.run;

/**
 * Runs work that calls the test class's methods (fixtures, a counted call) on a thread of its own,
 * as samples and the capture call run: state a framework binds to the test's thread, such as the
 * transaction Spring's test support opens around each test method, stays out of it, so fixtures
 * commit their data and measured calls run as they would in the application.
 */
final class OwnThread {

    /** Work on the thread of its own. */
    @FunctionalInterface
    interface Work<T> {
        T run() throws Throwable;
    }

    private OwnThread() {
    }

    /** What {@code work} returned, or what it threw, once it ran on a new thread named {@code name}. */
    static <T> T call(String name, Work<T> work) throws Throwable {
        final Object[] result = new Object[1];
        final Throwable[] failure = new Throwable[1];
        final Thread thread = new Thread(() -> {
            try {
                result[0] = work.run();
            } catch (Throwable e) {
                failure[0] = e;
            }
        }, name);
        thread.setContextClassLoader(Thread.currentThread().getContextClassLoader());
        thread.start();
        try {
            thread.join();
        } catch (InterruptedException e) {
            thread.interrupt();
            throw e;
        }
        if (failure[0] != null) {
            throw failure[0];
        }
        @SuppressWarnings("unchecked")
        final T value = (T) result[0];
        return value;
    }
}
