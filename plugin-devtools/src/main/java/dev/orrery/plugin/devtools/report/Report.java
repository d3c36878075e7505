package dev.orrery.plugin.devtools.report;

/**
 * What one {@code orrery:*} shell command returns: the data it found or did, or the one-line problem
 * that kept it from doing anything ({@link CommandProblem}). Every implementation is an immutable
 * value, safe to hand to any thread; {@link ReportText#render(Report)} turns any of them into the text
 * the shell prints.
 *
 * @since 0.1
 */
public sealed interface Report permits SystemsReport, PhasesReport, PluginsReport, ObserversReport, TimingsReport,
        AccessCheckReport, ExplainReport, GraphReport, ToggleOutcome, PhaseToggleOutcome, RunStateOutcome, StepOutcome,
        CommitsReport, MessagesReport, ClocksReport, EcsObserversReport, QueuedRequest, SaveOutcome, LoadOutcome,
        CommandProblem {
}
