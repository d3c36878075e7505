package dev.orrery.checks;

import dev.orrery.host.core.HostSettingsParser;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The host settings, as the host's own parser reads them: {@link HostSettingsParser#fromProperties} is given a
 * property lookup that records every name it asks for and answers "absent", so every key the parser
 * knows (with its default) is asked for once. Nothing is listed by hand: a key added to the parser
 * shows up here.
 *
 * <p>To adapt when the settings' parsing moves: call whatever public entry point parses
 * {@code orrery.host.*} properties from a lookup function with a recording one, as here.
 */
final class HostSettingKeys {
    static final String PREFIX = "orrery.host.";

    private HostSettingKeys() {
    }

    /**
     * @return the keys without the {@code orrery.host.} prefix (e.g. {@code mainSchedule}), in the order
     *     the parser asks for them
     * @throws IllegalStateException when the parser asks for no {@code orrery.host.*} property
     */
    static Set<String> read() {
        Set<String> asked = new LinkedHashSet<>();
        HostSettingsParser.fromProperties(name -> {
            asked.add(name);
            return null;
        });
        Set<String> keys = new LinkedHashSet<>();
        for (String name : asked) {
            if (name.startsWith(PREFIX)) {
                keys.add(name.substring(PREFIX.length()));
            }
        }
        if (keys.isEmpty()) {
            throw new IllegalStateException("HostSettingsParser.fromProperties asked for no " + PREFIX + "* property: adapt"
                    + " HostSettingKeys to where the host parses its settings now");
        }
        return keys;
    }
}
