package dev.orrery.plugin.console.itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;
import org.osgi.framework.launch.Framework;
import org.osgi.framework.launch.FrameworkFactory;

/**
 * The console on a port another process holds: an embedded Felix with the distribution's platform bundles
 * (SCR, Felix HTTP Jetty, scheduler, host core, devtools, console; no browser), with
 * {@code orrery.console.port} pointed at a port this test occupies first. The console must log one ERROR
 * line naming 127.0.0.1:port and "address already in use", and never "web console at".
 */
class ConsolePortClashIT {
    /** Held so that the levels stay set: Jetty's own bind error (with its stack trace) is captured, not printed. */
    private static final Logger JETTY = Logger.getLogger("org.eclipse.jetty");
    private static final Logger FELIX_HTTP = Logger.getLogger("org.apache.felix.http");
    private static final Logger CONSOLE = Logger.getLogger("dev.orrery.console");

    @Test
    @DisplayName("port already in use: one ERROR line with host:port and the cause; no 'web console at'")
    void portClashIsReported() throws Exception {
        List<LogRecord> records = new CopyOnWriteArrayList<>();
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord r) {
                records.add(r);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        for (Logger l : List.of(JETTY, FELIX_HTTP, CONSOLE)) {
            l.setUseParentHandlers(false);
            l.addHandler(capture);
        }
        try (ServerSocket held = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            int port = held.getLocalPort();
            Map<String, String> config = new HashMap<>();
            config.put("org.osgi.framework.storage", new File("target/port-clash-test/felix-cache").getAbsolutePath());
            config.put("org.osgi.framework.storage.clean", "onFirstInit");
            config.put("org.osgi.service.http.port", String.valueOf(port));
            config.put("org.apache.felix.http.host", "127.0.0.1");
            config.put("orrery.console.port", String.valueOf(port));
            config.put("ds.showerrors", "false");
            Framework framework = ServiceLoader.load(FrameworkFactory.class).iterator().next().newFramework(config);
            framework.start();
            try {
                List<Bundle> bundles = new java.util.ArrayList<>();
                for (String path : System.getProperty("orrery.itest.bundles").split(",")) {
                    bundles.add(framework.getBundleContext().installBundle(new File(path).toURI().toString()));
                }
                bundles.add(framework.getBundleContext().installBundle(
                        new File(System.getProperty("orrery.itest.console")).toURI().toString()));
                for (Bundle b : bundles) {
                    if (b.getHeaders().get("Fragment-Host") == null) {
                        b.start();
                    }
                }
                String expected = "web console: cannot listen on 127.0.0.1:" + port + ": address already in use";
                long deadline = System.nanoTime() + 30_000_000_000L;
                while (console(records).stream().noneMatch(r -> r.getMessage().startsWith(expected))
                        && System.nanoTime() < deadline) {
                    synchronized (records) {
                        records.wait(100);
                    }
                }
                List<LogRecord> lines = console(records);
                assertEquals(1, lines.stream().filter(r -> r.getMessage().startsWith("web console")).count(),
                        () -> messages(lines));
                LogRecord line = lines.stream().filter(r -> r.getMessage().startsWith("web console")).findFirst()
                        .orElseThrow();
                assertEquals(Level.SEVERE, line.getLevel(), line.getMessage());
                assertTrue(line.getMessage().startsWith(expected), line.getMessage());
                assertTrue(line.getMessage().contains("orrery.console.port"), line.getMessage());
                assertTrue(lines.stream().noneMatch(r -> r.getMessage().startsWith("web console at")), messages(lines));
            } finally {
                framework.stop();
                framework.waitForStop(10_000);
                for (Logger l : List.of(JETTY, FELIX_HTTP, CONSOLE)) {
                    l.removeHandler(capture);
                    l.setUseParentHandlers(true);
                }
            }
        }
    }

    private static List<LogRecord> console(List<LogRecord> records) {
        return records.stream().filter(r -> "dev.orrery.console".equals(r.getLoggerName())).toList();
    }

    private static String messages(List<LogRecord> records) {
        return String.join("\n", records.stream().map(LogRecord::getMessage).toList());
    }
}
