package dev.orrery.demo.dnd.internal;

import dev.orrery.demo.dnd.DemoSettings;
import dev.orrery.demo.dnd.model.BattleSummary;
import dev.orrery.host.GameHost;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.felix.service.command.CommandProcessor;
import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Converter;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;

/**
 * Waits, on a thread of its own, for the battle's end ({@link dev.orrery.demo.dnd.model.BattleEnd}, completed on the frame
 * thread), then prints the devtools' view of the turn schedule by running the {@code orrery:*} shell
 * commands of plugin-devtools through Gogo's {@link CommandProcessor} ({@code orrery:phases dnd/turn},
 * {@code orrery:timings dnd/turn}, {@code orrery:plugins}; the framework property
 * {@value #REPORT_PROPERTY} replaces them: commands separated by {@code ;} (e.g.
 * {@code systems;phases}), or {@code @file}, a text file with one command per line (the README's
 * devtools examples are checked this way)), and finally, unless
 * {@code orrery.demo.exitWhenOver=false}, asks the host to shut down ({@link GameHost#requestShutdown})
 * so the process exits with code 0. The commands wait for the frame thread, which is why this is not
 * done from a system. Deactivation (a rules update) interrupts the thread; the new component's thread
 * waits on the same future, which lives in the world.
 */
@Component(immediate = true)
public final class BattleEndWatcher {
    /** The devtools commands printed when the battle is over. */
    static final List<String> REPORT = List.of("orrery:phases dnd/turn", "orrery:timings dnd/turn", "orrery:plugins");
    /** Framework property: the shell commands printed when the battle is over, separated by {@code ;}. */
    static final String REPORT_PROPERTY = "orrery.demo.report";

    private final GameHost host;
    private final boolean exitWhenOver;
    private final List<String> report;
    private final Thread thread;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile CommandProcessor shell;

    /**
     * @param host the game host
     * @param context for the demo's framework properties
     */
    @Activate
    public BattleEndWatcher(@Reference GameHost host, BundleContext context) {
        this.host = host;
        this.exitWhenOver = DemoSettings.from(context::getProperty).exitWhenOver();
        this.report = report(context.getProperty(REPORT_PROPERTY));
        this.thread = new Thread(this::watch, "dnd-battle-end");
        this.thread.setDaemon(true);
        this.thread.start();
    }

    /**
     * @param property the value of {@value #REPORT_PROPERTY}, or null
     * @return its commands, or the default {@link #REPORT} when it is absent or blank
     * @throws IllegalArgumentException naming the property and the file, if an {@code @file} cannot be read
     */
    static List<String> report(String property) {
        if (property == null || property.isBlank()) {
            return REPORT;
        }
        List<String> commands;
        if (property.strip().startsWith("@")) {
            java.nio.file.Path file = java.nio.file.Path.of(property.strip().substring(1));
            try {
                commands = java.nio.file.Files.readAllLines(file);
            } catch (java.io.IOException e) {
                throw new IllegalArgumentException(REPORT_PROPERTY + ": cannot read the command file " + file + ": " + e);
            }
        } else {
            commands = List.of(property.split(";"));
        }
        return commands.stream().map(String::strip).filter(c -> !c.isEmpty()).toList();
    }

    @Deactivate
    void deactivate() {
        thread.interrupt();
    }

    private void watch() {
        java.util.Optional<BattleSummary> summary = BattleEnds.await(host);
        if (summary.isEmpty()) {
            return;
        }
        printDevtoolsReport();
        if (exitWhenOver && !Thread.currentThread().isInterrupted()) {
            host.requestShutdown(BattleEnds.shutdownReason(summary.get()));
        }
    }

    private void printDevtoolsReport() {
        CommandProcessor processor = shell;
        if (processor == null) {
            System.out.println("[devtools] no Gogo shell runtime: no devtools report");
            return;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream print = new PrintStream(out, true, StandardCharsets.UTF_8);
        CommandSession session = processor.createSession(new ByteArrayInputStream(new byte[0]), print, print);
        try {
            for (String command : report) {
                StringBuilder sb = new StringBuilder("[devtools] g! ").append(command).append('\n');
                try {
                    Object result = session.execute(command);
                    // as the Gogo shell prints a result: through the converter services (the devtools' reports)
                    sb.append(result == null ? "" : session.format(result, Converter.INSPECT));
                } catch (Exception e) {
                    sb.append("[devtools] ").append(command).append(" failed: ").append(e.getMessage());
                }
                System.out.println(sb.toString().stripTrailing());
            }
            String extra = out.toString(StandardCharsets.UTF_8);
            if (!extra.isBlank()) {
                System.out.println(extra.stripTrailing());
            }
        } finally {
            session.close();
        }
        System.out.flush();
    }
}
