package dev.orrery.schedule;

import java.util.List;
import java.util.Objects;

/**
 * A {@link Plugin} that forwards to another, for OSGi Declarative Services components: the component
 * class extends this with a no-argument constructor that passes the plugin's immutable value, and the
 * component instance becomes the {@code Plugin} service. It holds no state of its own.
 *
 * <pre>{@code
 * @Component(service = Plugin.class)
 * public final class PrefabPluginComponent extends ForwardingPlugin {
 *     public PrefabPluginComponent() { super(PrefabPlugin.PLUGIN); }
 * }
 * }</pre>
 *
 * @since 0.1
 */
public abstract class ForwardingPlugin implements Plugin {
    private final Plugin delegate;

    /**
     * @param delegate the plugin to forward to; not null
     */
    protected ForwardingPlugin(Plugin delegate) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
    }

    /** @return the plugin this forwards to */
    public final Plugin delegate() {
        return delegate;
    }

    @Override
    public final String name() {
        return delegate.name();
    }

    @Override
    public final List<Phase> phases() {
        return delegate.phases();
    }

    @Override
    public final List<SystemSet> sets() {
        return delegate.sets();
    }

    @Override
    public final List<EcsSystem> systems() {
        return delegate.systems();
    }

    @Override
    public final List<EcsObserver> observers() {
        return delegate.observers();
    }

    @Override
    public String toString() {
        return "plugin " + name();
    }
}
