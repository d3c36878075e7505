package dev.orrery.host.jpms;

/**
 * What the JPMS front end tells the host about plugin providers coming and going. One
 * {@link PluginLayers#sync} call gives all its {@link #removed} calls first (dependents before what
 * they require), then its {@link #added} calls, then one {@link #settled()}: the host can coalesce a
 * batch into one rebuild. Beyond the spec (Orrery's own).
 *
 * @param <S> the service type (in the launcher, {@code dev.orrery.schedule.Plugin})
 */
interface PluginEvents<S> {
    /**
     * A provider of a newly defined layer.
     *
     * @param key unique while the provider is loaded: {@code <module>/<provider class>}
     * @param provider the instance ServiceLoader made
     * @param jar the jar's file name in the plugins folder
     */
    void added(String key, S provider, String jar);

    /**
     * A provider whose layer was dropped (its jar was deleted or replaced, or a jar it requires was).
     * The host must let go of the instance; the layer's class loader is then
     * {@linkplain PluginLayers#isDropped dropped}.
     *
     * @param key the key given to {@link #added}
     */
    void removed(String key);

    /**
     * A jar's layer was defined, after its providers were {@linkplain #added added}: for services
     * other than the plugins' (e.g. the host's clients), found in {@code layer} itself. The receiver
     * must let go of the layer in {@link #layerDropped}, or its class loader cannot be collected.
     *
     * @param module the layer's module name
     * @param layer the layer
     */
    default void layerDefined(String module, ModuleLayer layer) {
    }

    /**
     * A jar's layer is being dropped, before its providers are {@linkplain #removed removed}.
     *
     * @param module the layer's module name
     */
    default void layerDropped(String module) {
    }

    /** The end of one batch of {@link #removed}/{@link #added} calls (called only when there were some). */
    default void settled() {
    }
}
