package dev.orrery.launcher;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;

/**
 * Registers a Gogo {@code CommandSessionListener} service made of an {@link InvocationHandler}: a
 * proxy of the Gogo runtime bundle's interface, as the launcher does not link against Gogo. The
 * listener sees every shell session before and after each command line, the shell's start-up profile
 * included, when it is registered before the Gogo runtime bundle starts.
 */
final class SessionListeners {
    private static final String RUNTIME = "org.apache.felix.gogo.runtime";
    private static final String LISTENER = "org.apache.felix.service.command.CommandSessionListener";

    private SessionListeners() {
    }

    /**
     * @param systemContext the system bundle's context
     * @param handler gets {@code beforeExecute(session, line)}, {@code afterExecute(session, line, result)}
     *     and {@code afterExecute(session, line, exception)}; {@code hashCode}, {@code equals} and
     *     {@code toString} are answered here ({@code toString} with {@code name})
     * @param name what the listener is, for {@code toString}
     * @return whether it was registered (false without a Gogo runtime, or when its interface cannot be loaded)
     */
    static boolean register(BundleContext systemContext, InvocationHandler handler, String name) {
        boolean registered = false;
        for (Bundle b : systemContext.getBundles()) {
            if (!RUNTIME.equals(b.getSymbolicName())) {
                continue;
            }
            try {
                Class<?> listener = b.loadClass(LISTENER);
                Object proxy = Proxy.newProxyInstance(listener.getClassLoader(), new Class<?>[] {listener},
                        (p, method, args) -> switch (method.getName()) {
                            case "hashCode" -> System.identityHashCode(p);
                            case "equals" -> p == args[0];
                            case "toString" -> name;
                            default -> handler.invoke(p, method, args);
                        });
                systemContext.registerService(LISTENER, proxy, null);
                registered = true;
            } catch (ClassNotFoundException | RuntimeException e) {
                return false;
            }
        }
        return registered;
    }
}
