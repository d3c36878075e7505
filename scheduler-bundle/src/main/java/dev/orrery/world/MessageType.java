package dev.orrery.world;

/**
 * A typed key for messages: values that one part of a game sends ({@link World#send}) and the systems
 * that declare it read, each exactly once ({@link World#messages}). Messages are how plugins tell each
 * other about events ("entity 5 took 7 damage") without sharing a mailbox trait.
 *
 * <pre>{@code
 * static final MessageType<Damage> DAMAGE = MessageType.of("combat/Damage");
 * }</pre>
 *
 * <p>Compared by identity, like {@link Trait}: two types with the same name are different keys. The
 * name is for diagnostics, devtools and error messages. A type carries its <em>maximum age</em> in
 * frames ({@link #maxAgeFrames()}, default {@value #DEFAULT_MAX_AGE_FRAMES}): a message not yet read
 * by every reader is dropped when that many frames have begun since the frame it was sent in
 * ({@link World}, "Messages").
 *
 * <p>A type remembers its {@linkplain #origin() origin}, the class whose code created it, so that a
 * host can drop the messages of code that is unloaded.
 *
 * <p>Instances are immutable and thread-safe; the messages they key are confined to their world's
 * thread.
 *
 * @param <T> the type of the message values
 * @since 0.1
 */
public final class MessageType<T> {
    /** The maximum age in frames of a type made by {@link #of(String)}: Bevy's double buffer. */
    public static final int DEFAULT_MAX_AGE_FRAMES = 2;

    private static final StackWalker WALKER = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);

    private final String name;
    private final int maxAgeFrames;
    private final Class<?> origin;

    private MessageType(String name, int maxAgeFrames) {
        this.name = name;
        this.maxAgeFrames = maxAgeFrames;
        this.origin = WALKER.walk(frames -> frames.<Class<?>>map(StackWalker.StackFrame::getDeclaringClass)
                .filter(c -> c != MessageType.class).findFirst().orElse(MessageType.class));
    }

    /**
     * Creates a message type whose messages live at most {@value #DEFAULT_MAX_AGE_FRAMES} frames.
     *
     * @param name a non-blank name without control characters, for diagnostics (e.g.
     *     {@code combat/Damage})
     * @param <T> the value type
     * @return a new type, distinct from every other type
     * @throws IllegalArgumentException if {@code name} is null, empty or blank, or contains a control
     *     character or a line or paragraph separator (the message shows it escaped), like the names of
     *     systems and plugins
     */
    public static <T> MessageType<T> of(String name) {
        return new MessageType<>(checkedName(name), DEFAULT_MAX_AGE_FRAMES);
    }

    /**
     * Creates a message type with its own maximum age.
     *
     * @param name a non-blank name without control characters, as for {@link #of(String)}
     * @param maxAgeFrames in how many frames, counting the frame a message is sent in, a message can be
     *     read; at least 1 (1: only readers that run in the same frame after the sender, or in the next
     *     frame when it was sent between frames)
     * @param <T> the value type
     * @return a new type
     * @throws IllegalArgumentException if the name is refused (as for {@link #of(String)}) or
     *     {@code maxAgeFrames} is less than 1; the message names the type
     */
    public static <T> MessageType<T> of(String name, int maxAgeFrames) {
        String checked = checkedName(name);
        if (maxAgeFrames < 1) {
            throw new IllegalArgumentException("MessageType.of: maxAgeFrames of message type '" + checked
                    + "' must be at least 1, got " + maxAgeFrames);
        }
        return new MessageType<>(checked, maxAgeFrames);
    }

    /** @return the name given at creation */
    public String name() {
        return name;
    }

    /** @return in how many frames a message of this type can be read, at least 1 */
    public int maxAgeFrames() {
        return maxAgeFrames;
    }

    /**
     * The class whose code created this type: the caller of {@link #of} (found once, at creation). For
     * diagnostics, and to tell which code a type belongs to when that code is unloaded.
     *
     * @return the creating class
     */
    public Class<?> origin() {
        return origin;
    }

    @Override
    public String toString() {
        return "MessageType[" + name + "]";
    }

    private static String checkedName(String name) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("MessageType.of: name is missing or empty (or blank)");
        }
        for (int i = 0, n = name.length(); i < n; i++) {
            char c = name.charAt(i);
            if (Character.isISOControl(c) || c == 0x2028 || c == 0x2029) {
                throw new IllegalArgumentException("MessageType.of: name '" + escaped(name) + "' contains the "
                        + (Character.isISOControl(c) ? "control character " : "separator ") + escape(c) + " at index "
                        + i + "; a name may contain any character except control characters (U+0000 to U+001F,"
                        + " U+007F to U+009F) and the line and paragraph separators (U+2028, U+2029)");
            }
        }
        return name;
    }

    private static String escaped(String name) {
        StringBuilder sb = new StringBuilder();
        int n = Math.min(name.length(), 80);
        for (int i = 0; i < n; i++) {
            char c = name.charAt(i);
            sb.append(Character.isISOControl(c) || c == 0x2028 || c == 0x2029 ? escape(c) : String.valueOf(c));
        }
        if (name.length() > n) {
            sb.append("… (").append(name.length()).append(" characters)");
        }
        return sb.toString();
    }

    private static String escape(char c) {
        return String.format("\\u%04x", (int) c);
    }
}
