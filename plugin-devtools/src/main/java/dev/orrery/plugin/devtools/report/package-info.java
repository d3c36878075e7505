/**
 * What the devtools' {@code orrery:*} shell commands return: immutable values, one type per command
 * (a {@link dev.orrery.plugin.devtools.report.Report}), and {@link dev.orrery.plugin.devtools.report.ReportText},
 * which renders any of them as the text the shell prints (aligned tables and one-line outcomes). The
 * values are data, not text: a tool (the web console, a test, a script in the Gogo shell through
 * {@code r = (orrery:systems)}) reads their fields; the shell prints them through the devtools' Gogo
 * {@code Converter} service, which calls {@code ReportText}.
 *
 * <p>The factories that read a schedule ({@link dev.orrery.plugin.devtools.report.SystemsReport#read},
 * {@link dev.orrery.plugin.devtools.report.PhasesReport#read}) read enabled flags of a world and must be
 * called on that world's thread (in a host: inside {@code GameHost.submit}); every other method is a
 * pure function of its arguments, callable from any thread.
 */
@Export
@Version("0.2.0")
package dev.orrery.plugin.devtools.report;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
