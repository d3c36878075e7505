/**
 * Implementation of the devtools bundle, not exported from the bundle or the JPMS module.
 *
 * <p>The shell commands in layers, one concern per file: {@link dev.orrery.plugin.devtools.internal.GogoCommands}
 * (the Gogo component: one method per command, its words bound to arguments by {@code Usage}) calls
 * {@link dev.orrery.plugin.devtools.internal.DevtoolsCommands} (parse, query), which asks
 * {@code Introspection} (read-only queries) and {@code Steering} (enable, disable, pause, resume,
 * step) for the reports of {@code dev.orrery.plugin.devtools.report}; {@code ReportConverter} (a Gogo
 * {@code Converter} service) prints them with {@code ReportText}. {@code FrameCalls} is the only way to
 * the world: work handed to the host's frame thread and waited for, with a timeout. The other OSGi
 * components are the timings hooks service and the session listener that puts the {@code orrery} scope
 * first.
 */
package dev.orrery.plugin.devtools.internal;
