/**
 * The scheduler's implementation, wired together: the {@link dev.orrery.schedule.ScheduleCompiler}
 * service ({@code Compiler}) and the {@link dev.orrery.schedule.Schedule} implementation
 * ({@code CompiledSchedule}) over the build ({@code internal.plan}: declarations to an immutable
 * execution plan) and the run engine ({@code internal.run}). Not exported from the bundle or the JPMS
 * module.
 */
package dev.orrery.schedule.internal;
