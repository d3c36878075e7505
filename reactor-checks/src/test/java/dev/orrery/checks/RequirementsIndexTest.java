package dev.orrery.checks;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Runs {@code java docs/tools/RequirementsIndex.java --check} from the repository root, as a person
 * would, so that {@code mvn verify} fails when {@code docs/requirements.md} is stale, a {@code [test]}
 * requirement has no test that cites it, or a test cites an id that is not a requirement. The spec lives
 * outside the repository; when it is found ({@link Repository#spec()}) the check also compares the
 * summaries' ids with the spec's.
 */
class RequirementsIndexTest {
    @Test
    @DisplayName("docs/requirements.md is current, and every [test] requirement has a test that cites it")
    void pageIsCurrent() throws Exception {
        Problems.assertNone("java docs/tools/RequirementsIndex.java --check", runIndex(List.of("--check")));
    }

    @Test
    @DisplayName("the summaries list exactly the spec's requirement ids (when the spec is beside the repository)")
    void summariesMatchTheSpec() throws Exception {
        Optional<Path> spec = Repository.spec();
        assumeTrue(spec.isPresent(), "no " + Repository.SPEC + " above the repository and no -Dorrery.spec: not checked");
        Problems.assertNone("java docs/tools/RequirementsIndex.java --check --spec " + spec.get(),
                runIndex(List.of("--check", "--spec", spec.get().toString())));
    }

    /** @return the tool's output lines when it exits with a code other than 0; none when it passes */
    private static List<String> runIndex(List<String> options) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("docs/tools/RequirementsIndex.java");
        command.addAll(options);
        Process process = new ProcessBuilder(command).directory(Repository.root().toFile())
                .redirectErrorStream(true).start();
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int code = process.waitFor();
        if (code == 0) {
            return List.of();
        }
        List<String> lines = new ArrayList<>(output.lines().toList());
        lines.add("(exit code " + code + ")");
        return lines;
    }
}
