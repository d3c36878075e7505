package dev.orrery.host.jpms;

import dev.orrery.testsupport.soak.SoakProbe;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The plugin jars of the JPMS soak ({@link JpmsSoakRun}): module jars ({@code module-info} with
 * {@code requires dev.orrery.scheduler} and {@code provides dev.orrery.schedule.Plugin}) compiled by
 * {@link ModuleJars} against the platform's scheduler jar. Their systems find the
 * soak probe ({@code SoakProbe} of orrery-test-support) by its trait's name, {@value #PROBE_TRAIT}, and
 * see it as an {@code ObjLongConsumer<String>}.
 */
final class SoakJars {
    /** The name of the world trait whose value is the probe. */
    static final String PROBE_TRAIT = "soak/probe";

    private SoakJars() {
    }

    /** The probe lookup each plugin carries (the jars share no class with the harness). */
    private static String probe(String pkg) {
        return "package " + pkg + ";\n"
                + "import dev.orrery.world.Trait;\n"
                + "import dev.orrery.world.World;\n"
                + "import java.util.function.ObjLongConsumer;\n"
                + "final class Probe {\n"
                + "    private Probe() { }\n"
                + "    @SuppressWarnings(\"unchecked\")\n"
                + "    static void report(World world, String what) {\n"
                + "        for (Trait<?> t : world.worldTraits()) {\n"
                + "            if (t.name().equals(\"" + PROBE_TRAIT + "\")) {\n"
                + "                ((ObjLongConsumer<String>) world.get(t)).accept(what, System.nanoTime());\n"
                + "                return;\n"
                + "            }\n"
                + "        }\n"
                + "    }\n"
                + "}\n";
    }

    /**
     * @param work a scratch folder
     * @param scheduler the scheduler module's jar
     * @return {@code soak-clock.jar} in {@code work}: module {@code soak.clock}, plugin {@code soak-clock}
     *     with one system in OnLoad that ticks the probe every frame
     * @throws IOException if writing fails
     */
    static Path clock(Path work, Path scheduler) throws IOException {
        return ModuleJars.build(work, work.resolve("soak-clock.jar"), List.of(scheduler), Map.of(
                "module-info.java", "module soak.clock { requires dev.orrery.scheduler;"
                        + " provides dev.orrery.schedule.Plugin with soak.clock.ClockPlugin; }",
                "soak/clock/Probe.java", probe("soak.clock"),
                "soak/clock/ClockPlugin.java", "package soak.clock;\n"
                        + "import dev.orrery.schedule.*;\n"
                        + "public final class ClockPlugin extends ForwardingPlugin {\n"
                        + "    public ClockPlugin() {\n"
                        + "        super(Plugin.builder(\"soak-clock\").systems(EcsSystem.define(\"soak-clock/tick\", Phase.ON_LOAD,\n"
                        + "                (world, dt) -> Probe.report(world, \"" + SoakProbe.TICK + "\"))).build());\n"
                        + "    }\n"
                        + "}\n"));
    }

    /**
     * @param work a scratch folder
     * @param scheduler the scheduler module's jar
     * @param version {@code 1} or {@code 2}: what its system reports
     * @return {@code soak-<version>.jar} in {@code work}: module {@code soak}, plugin {@code soak} with
     *     one system {@code soak/tick} in OnUpdate that reports {@code version} to the probe
     * @throws IOException if writing fails
     */
    static Path soak(Path work, Path scheduler, String version) throws IOException {
        return ModuleJars.build(work, work.resolve("soak-" + version + ".jar"), List.of(scheduler), Map.of(
                "module-info.java", "module soak { requires dev.orrery.scheduler;"
                        + " provides dev.orrery.schedule.Plugin with soak.SoakPlugin; }",
                "soak/Probe.java", probe("soak"),
                "soak/SoakPlugin.java", "package soak;\n"
                        + "import dev.orrery.schedule.*;\n"
                        + "public final class SoakPlugin extends ForwardingPlugin {\n"
                        + "    public SoakPlugin() {\n"
                        + "        super(Plugin.builder(\"soak\").systems(EcsSystem.define(\"soak/tick\", Phase.ON_UPDATE,\n"
                        + "                (world, dt) -> Probe.report(world, \"" + version + "\"))).build());\n"
                        + "    }\n"
                        + "}\n"));
    }
}
