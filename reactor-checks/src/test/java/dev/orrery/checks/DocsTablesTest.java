package dev.orrery.checks;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The reference tables of the README and of {@code docs/architecture.md} name exactly what exists: every
 * module of the reactor, every devtools command, every host setting, and nothing that is gone. Each
 * list is read from its source of truth (the root pom, the command component's properties, the host's
 * settings parser), never written down here.
 */
class DocsTablesTest {
    @Test
    @DisplayName("README.md's Modules table names every module of the reactor, and only those")
    void readmeModules() {
        MarkdownTable table = MarkdownTable.under("README.md", "## Modules", "module");
        Problems.assertNone("README.md's Modules table against the root pom.xml's <modules>",
                compare(ReactorModules.of(Repository.root()), "module of the reactor (pom.xml <modules>)",
                        table.codeIn(0), table));
    }

    @Test
    @DisplayName("docs/architecture.md's Modules table names every module of the reactor, and only those")
    void architectureModules() {
        MarkdownTable table = MarkdownTable.under("docs/architecture.md", "## Modules", "module");
        Problems.assertNone("docs/architecture.md's Modules table against the root pom.xml's <modules>",
                compare(ReactorModules.of(Repository.root()), "module of the reactor (pom.xml <modules>)",
                        table.codeIn(0), table));
    }

    @Test
    @DisplayName("README.md's devtools command table names every orrery:* Gogo command, and only those")
    void readmeDevtoolsCommands() {
        MarkdownTable table = MarkdownTable.under("README.md", "## Devtools commands", "command");
        Problems.assertNone("README.md's devtools command table against the " + GogoCommandNames.SCOPE
                        + " component's osgi.command.function properties",
                compare(GogoCommandNames.of(Repository.root()), "devtools command (orrery:*)", table.firstWordsOfCodeIn(0),
                        table));
    }

    @Test
    @DisplayName("README.md's host settings table names every orrery.host.* key the host reads, and only those")
    void readmeHostSettings() {
        MarkdownTable table = MarkdownTable.under("README.md", "## Running the host", "key");
        Problems.assertNone("README.md's host settings table against the keys HostSettings reads",
                compare(HostSettingKeys.read(), "host setting (" + HostSettingKeys.PREFIX + "<key>)", table.codeIn(0),
                        table));
    }

    /** @return one line per name missing from the table and per name the table has that does not exist */
    private static List<String> compare(Collection<String> truth, String kind, Set<String> listed, MarkdownTable table) {
        List<String> problems = new ArrayList<>();
        for (String name : truth) {
            if (!listed.contains(name)) {
                problems.add("'" + name + "' is a " + kind + " but is missing from " + table.where());
            }
        }
        for (String name : listed) {
            if (!truth.contains(name)) {
                problems.add("'" + name + "' is in " + table.where() + " but is not a " + kind);
            }
        }
        return problems;
    }
}
