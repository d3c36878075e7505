/**
 * The build, named for its only output: declarations to an immutable execution plan
 * ({@code ExecutionPlan}), all the run engine reads. Flattening and checks ({@code Declarations},
 * {@code DeclarationChecks}), the phase order ({@code PhaseGraph}, {@code PhaseOrdering}), the system
 * order after set expansion ({@code SystemGraph}, {@code SystemOrdering}), cycles
 * ({@code CycleEnumerator}, {@code CycleReports}), the plan ({@code PlanAssembler}, {@code PlanCompiler}),
 * the access analysis and the filtering of a plan ({@code PlanFilter}). Not exported.
 */
package dev.orrery.schedule.internal.plan;
