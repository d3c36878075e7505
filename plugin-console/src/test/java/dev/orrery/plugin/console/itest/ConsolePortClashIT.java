package dev.orrery.plugin.console.itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.testsupport.log.CapturedLog;
import dev.orrery.testsupport.log.LogLine;
import java.io.File;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
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
    @Test
    @DisplayName("port already in use: one ERROR line with host:port and the cause; no 'web console at'")
    void portClashIsReported() throws Exception {
        // Jetty's own bind error (with its stack trace) and Felix HTTP's are captured, not printed.
        List<CapturedLog> quiet = List.of(CapturedLog.attach("org.eclipse.jetty"), CapturedLog.attach("org.apache.felix.http"));
        try (CapturedLog log = CapturedLog.attach("dev.orrery.console");
                ServerSocket held = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
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
                log.await(l -> l.startsWith("ERROR " + expected), Duration.ofSeconds(30));
                List<LogLine> lines = console(log);
                assertEquals(1, lines.stream().filter(r -> r.message().startsWith("web console")).count(),
                        () -> messages(lines));
                LogLine line = lines.stream().filter(r -> r.message().startsWith("web console")).findFirst().orElseThrow();
                assertEquals(System.Logger.Level.ERROR, line.level(), line.message());
                assertTrue(line.message().startsWith(expected), line.message());
                assertTrue(line.message().contains("orrery.console.port"), line.message());
                assertTrue(lines.stream().noneMatch(r -> r.message().startsWith("web console at")), messages(lines));
            } finally {
                framework.stop();
                framework.waitForStop(10_000);
            }
        } finally {
            quiet.forEach(CapturedLog::close);
        }
    }

    /** @return the records of the console's own logger (not its children) */
    private static List<LogLine> console(CapturedLog log) {
        return log.records().stream().filter(r -> "dev.orrery.console".equals(r.logger())).toList();
    }

    private static String messages(List<LogLine> records) {
        return String.join("\n", records.stream().map(LogLine::message).toList());
    }
}
