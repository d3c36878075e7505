package dev.orrery.host.osgi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** A component whose constructor throws is reported with the cause, never as InvocationTargetException. */
class ComponentFailureCauseTest {
    @Test
    @DisplayName("a constructor that throws: SCR's InvocationTargetException is skipped for its cause")
    void constructorFailureNamesTheCause() {
        String scr = "java.lang.reflect.InvocationTargetException\n"
                + "\tat java.base/jdk.internal.reflect.NativeConstructorAccessorImpl.newInstance0(Native Method)\n"
                + "\tat org.apache.felix.scr.impl.inject.internal.ComponentConstructorImpl.newInstance(ComponentConstructorImpl.java:326)\n"
                + "Caused by: java.lang.IllegalStateException: the board needs a seed\n"
                + "\tat p.game.GamePlugin.<init>(GamePlugin.java:14)\n"
                + "\t... 41 more\n";
        assertEquals("java.lang.IllegalStateException: the board needs a seed", ComponentFailures.cause(scr));
    }

    @Test
    @DisplayName("a wrapper whose message is its cause is skipped too; an activate failure names itself")
    void wrappersAndPlainFailures() {
        assertEquals("java.lang.IllegalArgumentException: bad", ComponentFailures.cause(
                "org.osgi.service.component.ComponentException: java.lang.IllegalArgumentException: bad\n\tat x.Y.z(Y.java:1)\n"
                + "Caused by: java.lang.IllegalArgumentException: bad\n"));
        assertEquals("java.lang.IllegalStateException: activate failed", ComponentFailures.cause(
                "java.lang.IllegalStateException: activate failed\n\tat p.A.activate(A.java:3)\n"));
        assertEquals("java.lang.NullPointerException", ComponentFailures.cause(
                "java.lang.reflect.InvocationTargetException\nCaused by: java.lang.NullPointerException\n"));
        assertEquals("no failure text from SCR", ComponentFailures.cause(null));
    }
}
