package dev.dbbench.run;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;

/** Calls a test class's method reflectively, as the method itself would have thrown. */
final class Invoker {

    private Invoker() {
    }

    /**
     * Calls {@code method} on {@code instance} (ignored for a static method), rethrowing what the
     * method threw rather than the reflection wrapper around it.
     */
    static void invoke(Method method, Object instance, Object[] arguments) throws Throwable {
        method.setAccessible(true);
        try {
            method.invoke(Modifier.isStatic(method.getModifiers()) ? null : instance, arguments);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
