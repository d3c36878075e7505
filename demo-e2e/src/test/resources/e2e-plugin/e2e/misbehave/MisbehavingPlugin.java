package e2e.misbehave;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.ForwardingPlugin;
import dev.orrery.schedule.Plugin;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/**
 * A plugin that misbehaves as the system property e2e.misbehave says, in both modes (a DS component in
 * OSGi mode, a ServiceLoader provider in JPMS mode): "exit-system" calls System.exit(e2e.code) in its
 * system, "exit-constructor" in its constructor, "oom" throws an OutOfMemoryError in its system,
 * "accept" blocks its system in accept() on a loopback socket nobody connects to.
 */
public final class MisbehavingPlugin extends ForwardingPlugin {
    public MisbehavingPlugin() {
        super(build(System.getProperty("e2e.misbehave", "none"), Integer.getInteger("e2e.code", 3)));
    }

    private static Plugin build(String how, int code) {
        if (how.equals("exit-constructor")) {
            System.exit(code);
        }
        return Plugin.builder("misbehave").systems(EcsSystem.define("misbehave/act", (w, dt) -> {
            switch (how) {
                case "exit-system" -> System.exit(code);
                case "oom" -> throw new OutOfMemoryError("e2e: out of memory on purpose");
                case "accept" -> {
                    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                        System.out.println("e2e: misbehave/act waits in accept()");
                        s.accept();
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }
                default -> {
                }
            }
        })).build();
    }
}
