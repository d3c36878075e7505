package dev.orrery.launcher;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Guards the interactive shell against a terminal that reports 0 columns or 0 rows (a pseudo terminal
 * nobody sized, e.g. under {@code script} fed from a pipe): JLine 3.21's line reader then never shows
 * the prompt and spins at about 93 % CPU. Before the shell starts, the launcher asks the terminal its
 * size ({@code stty size}, as JLine itself does) and sets 80 columns and 24 rows where it reports 0.
 */
final class TerminalSize {
    /** Columns set when the terminal reports 0. */
    static final int COLUMNS = 80;
    /** Rows set when the terminal reports 0. */
    static final int ROWS = 24;
    private static final File TTY = new File("/dev/tty");

    private TerminalSize() {
    }

    /**
     * @param sttySize the output of {@code stty size}: rows, then columns
     * @return the arguments of {@code stty} that fix a size of 0 (e.g. {@code cols 80}), or empty when the
     *     size is fine or the output is not understood
     */
    static Optional<List<String>> fix(String sttySize) {
        String[] parts = sttySize.strip().split("\\s+");
        if (parts.length != 2 || !parts[0].matches("\\d+") || !parts[1].matches("\\d+")) {
            return Optional.empty();
        }
        List<String> args = new ArrayList<>();
        if (Integer.parseInt(parts[1]) == 0) {
            args.add("cols");
            args.add(Integer.toString(COLUMNS));
        }
        if (Integer.parseInt(parts[0]) == 0) {
            args.add("rows");
            args.add(Integer.toString(ROWS));
        }
        return args.isEmpty() ? Optional.empty() : Optional.of(List.copyOf(args));
    }

    /**
     * Sets the controlling terminal's size where it is 0; does nothing without a terminal or
     * {@code stty}.
     *
     * @return the line to print when the size was changed, or empty
     */
    static Optional<String> guard() {
        if (!TTY.exists()) {
            return Optional.empty();
        }
        try {
            Optional<List<String>> args = fix(stty(List.of("size")));
            if (args.isEmpty()) {
                return Optional.empty();
            }
            stty(args.get());
            return Optional.of("orrery: the terminal reports a size of 0; set it for the shell: stty " + String.join(" ", args.get()));
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    private static String stty(List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add("stty");
        command.addAll(args);
        Process p = new ProcessBuilder(command).redirectInput(TTY).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(5, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException("stty did not answer");
        }
        if (p.exitValue() != 0) {
            throw new IOException("stty failed");
        }
        return out;
    }
}
