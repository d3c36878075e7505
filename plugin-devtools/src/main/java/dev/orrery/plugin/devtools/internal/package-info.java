/**
 * Implementation of the devtools bundle, not exported from the bundle or the JPMS module.
 *
 * <p>The shell commands in layers, one concern per file: {@link dev.orrery.plugin.devtools.internal.GogoCommands}
 * (the Gogo component: overloads per arity, a usage line for any other, {@code Usage}) calls
 * {@link dev.orrery.plugin.devtools.internal.DevtoolsCommands} (parse, query, render), which asks
 * {@code Introspection} (read-only queries) and {@code Steering} (enable, disable, pause, resume,
 * step) for data records ({@code SystemsReport}, {@code PhasesReport}, {@code PluginsReport},
 * {@code TimingsReport}, {@code ToggleOutcome}, {@code StepOutcome}, {@code GraphInput}) and renders
 * them with {@code TextReports}. {@code FrameCalls} is the only way to the world: work handed to the
 * host's frame thread and waited for, with a timeout. The other OSGi components are the timings hooks
 * service and the session listener that puts the {@code orrery} scope first.
 */
package dev.orrery.plugin.devtools.internal;
