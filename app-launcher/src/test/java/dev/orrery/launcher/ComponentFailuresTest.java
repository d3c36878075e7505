package dev.orrery.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ComponentFailuresTest {
    @Test
    @DisplayName("the reason is the first exception with a message of its own, not the reflection wrapper")
    void reasonSkipsWrappers() {
        String scrFailure = """
                java.lang.reflect.InvocationTargetException
                \tat java.base/jdk.internal.reflect.NativeConstructorAccessorImpl.newInstance0(Native Method)
                \tat org.apache.felix.scr.impl.inject.internal.ComponentConstructorImpl.newInstance(ComponentConstructorImpl.java:326)
                Caused by: java.lang.IllegalArgumentException: orrery.demo.seed: not a whole number: 'abc'
                \tat dev.orrery.demo.dnd.DemoSettings.from(DemoSettings.java:44)
                \t... 40 more
                Caused by: java.lang.NumberFormatException: For input string: "abc"
                \tat java.base/java.lang.Long.parseLong(Long.java:711)
                """;
        assertEquals("java.lang.IllegalArgumentException: orrery.demo.seed: not a whole number: 'abc'",
                ComponentFailures.reason(scrFailure));
    }

    @Test
    @DisplayName("a wrapper whose message is its cause is skipped; without any message the first line is the reason")
    void wrappersAndBareExceptions() {
        assertEquals("java.lang.IllegalStateException: no map",
                ComponentFailures.reason("java.lang.RuntimeException: java.lang.IllegalStateException: no map\n"
                        + "\tat x.Y.z(Y.java:1)\nCaused by: java.lang.IllegalStateException: no map\n"));
        assertEquals("java.lang.NullPointerException", ComponentFailures.reason("java.lang.NullPointerException\n\tat a.B.c(B.java:2)"));
        assertEquals("(no reason given)", ComponentFailures.reason(null));
    }
}
