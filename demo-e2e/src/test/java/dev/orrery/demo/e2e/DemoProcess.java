package dev.orrery.demo.e2e;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * The README's Quick start command, {@code ./orrery-demo ...}, run from the repository root as a
 * separate process, stdout and stderr merged, every line collected.
 */
final class DemoProcess implements AutoCloseable {
    /** The repository root (set by the pom). */
    static final Path REPO = Paths.get(System.getProperty("orrery.repo", "..")).toAbsolutePath().normalize();

    private final Process process;
    // guarded by lines
    private final List<String> lines = new ArrayList<>();
    private final Thread reader;

    private DemoProcess(Process process) {
        this.process = process;
        this.reader = new Thread(this::read, "demo-output");
        this.reader.setDaemon(true);
        this.reader.start();
    }

    /**
     * Starts {@code ./orrery-demo args} in the repository root. {@code ORRERY_DEMO_NO_BUILD=1}: the
     * reactor has just built the distribution, so the script must find it up to date (it fails with
     * exit code 3 rather than start a Maven build inside the test).
     */
    static DemoProcess start(Map<String, String> env, String... args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add("./orrery-demo");
        command.addAll(List.of(args));
        return start(command, REPO, env, false);
    }

    /**
     * Starts any command (e.g. {@code ./orrery-demo} under {@code script}, or a copy of the script).
     *
     * @param command the command and its arguments
     * @param dir the working folder
     * @param env added to the environment ({@code ORRERY_DEMO_NO_BUILD=1} is there unless env
     *     overrides it; {@code JAVA_OPTS} is removed unless env sets it)
     * @param keepInput whether standard input stays open for {@link #send(String)}; else it is closed
     */
    static DemoProcess start(List<String> command, Path dir, Map<String, String> env, boolean keepInput) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(withFastStart(command)).directory(dir.toFile()).redirectErrorStream(true);
        pb.environment().put("ORRERY_DEMO_NO_BUILD", "1");
        pb.environment().remove("JAVA_OPTS");
        pb.environment().putAll(env);
        // the scripts (./orrery-demo, bin/orrery) pass JAVA_OPTS to java: the fast-start flags go first, the test's own after
        String opts = pb.environment().get("JAVA_OPTS");
        pb.environment().put("JAVA_OPTS", String.join(" ", FAST_START) + (opts == null || opts.isBlank() ? "" : " " + opts));
        pb.redirectInput(ProcessBuilder.Redirect.PIPE);
        DemoProcess p = new DemoProcess(pb.start());
        if (!keepInput) {
            p.process.getOutputStream().close();
        }
        return p;
    }

    /**
     * JVM options for every host this module launches: its runs last seconds, in which the C2 compiler
     * and a parallel collector cost start-up time and buy nothing (about a third less CPU per run on two
     * cores). They change how fast the host's code is compiled, not what it does.
     */
    static final List<String> FAST_START = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");

    /** @return the command with {@link #FAST_START} after its {@code java} (when it runs java directly) */
    private static List<String> withFastStart(List<String> command) {
        List<String> out = new ArrayList<>(command);
        for (int i = 0; i < out.size(); i++) {
            String c = out.get(i);
            if (c.equals("java") || c.endsWith("/java")) {
                out.addAll(i + 1, FAST_START);
                break;
            }
        }
        return out;
    }

    /** @return the process's id */
    long pid() {
        return process.pid();
    }

    /** @return whether the process still runs */
    boolean isAlive() {
        return process.isAlive();
    }

    /** @return the process's descendants (e.g. the JVM under {@code script} and {@code sh}) */
    java.util.stream.Stream<ProcessHandle> descendants() {
        return process.descendants();
    }

    /** Writes text to the process's standard input. */
    void send(String text) throws IOException {
        process.getOutputStream().write(text.getBytes(StandardCharsets.UTF_8));
        process.getOutputStream().flush();
    }

    private void read() {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                synchronized (lines) {
                    lines.add(line);
                    lines.notifyAll();
                }
            }
        } catch (IOException e) {
            synchronized (lines) {
                lines.add("!! reading the output failed: " + e);
            }
        }
    }

    /** Waits for the process to end; kills it after the timeout. @return the exit code */
    int waitFor(Duration timeout) throws InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("./orrery-demo did not end within " + timeout + "; output:\n" + text());
        }
        reader.join(5000);
        return process.exitValue();
    }

    /** Waits until a line matches; fails after the timeout. */
    void awaitLine(Predicate<String> match, Duration timeout) throws InterruptedException {
        long end = System.nanoTime() + timeout.toNanos();
        synchronized (lines) {
            while (lines.stream().noneMatch(match)) {
                long left = end - System.nanoTime();
                if (left <= 0 || !process.isAlive() && lines.stream().noneMatch(match)) {
                    if (lines.stream().anyMatch(match)) {
                        return;
                    }
                    throw new AssertionError("no expected line within " + timeout + "; output:\n" + text());
                }
                lines.wait(Math.max(1, Math.min(100, left / 1_000_000)));
            }
        }
    }

    /** @return every line so far */
    List<String> lines() {
        synchronized (lines) {
            return List.copyOf(lines);
        }
    }

    /** @return the combat log: the lines starting with "[dnd] " */
    List<String> combatLog() {
        return lines().stream().filter(l -> l.startsWith("[dnd] ")).collect(Collectors.toList());
    }

    /** @return the sound cue lines ({@code [sfx] }) of the demo's {@code dnd-sounds} plugin so far */
    List<String> soundCues() {
        return lines().stream().filter(l -> l.startsWith("[sfx] ")).collect(Collectors.toList());
    }

    /** @return the landing lines ({@code [fx] }) of the demo's {@code dnd-fx} projectiles so far */
    List<String> projectiles() {
        return lines().stream().filter(l -> l.startsWith("[fx] ")).collect(Collectors.toList());
    }

    String text() {
        return String.join("\n", lines());
    }

    /**
     * Asks the process to end with SIGTERM (what Ctrl-C without a shell does: the shutdown hook runs),
     * through its handle: {@code Process.destroy()} would also close the output we still read.
     */
    void terminate() {
        process.toHandle().destroy();
    }

    /** Kills the process with SIGKILL, as a crash would end it (no shutdown hook runs). */
    void kill() {
        process.destroyForcibly();
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            process.destroyForcibly();
        }
    }
}
