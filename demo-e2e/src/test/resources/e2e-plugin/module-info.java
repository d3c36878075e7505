module e2e.misbehave {
    requires dev.orrery.scheduler;
    provides dev.orrery.schedule.Plugin with e2e.misbehave.MisbehavingPlugin;
}
